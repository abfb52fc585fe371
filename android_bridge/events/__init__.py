"""Channel event builders: pure functions from a channel-native event to what it means.

* ``screen``: one-pass extraction of a uiautomator2 dump (text, widgets, focus, hash).
* ``gui``: the GUI adapter (tap / text_input / swipe / key / launch against ``screen_xml``).
* ``lexicon``: which button labels commit a send, payment, delete, upload or security change.
* ``shell_split`` + ``shell_commands`` + ``api``: the API adapter for ADB shell command lines.
* ``apps``: the app catalog as the adapters use it.
* ``adapters``: the ``droidgate.channel_adapters`` entry point (GUI and API adapters).
* ``uixml``: dumps in uiautomator2's exact format, for tests, benchmarks and offline cases.
"""
