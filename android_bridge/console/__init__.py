"""The operator's console: watch decisions live, answer escalations, manage rules, search the
audit, see the devices — in a browser (``/console`` on the daemon) and in the terminal
(``droidgate console``, ``droidgate escalations``). See docs/console.md.

Modules: ``feed`` (the live stream, from the audit's commits), ``auth`` (login, cookie, CSRF),
``desk`` (escalations with their screens), ``history`` (rule revisions and diffs), ``screens``
(recorded screens as wireframes), ``web`` and ``pages`` (routes and pages), ``webhook``
(signed notifications), ``wiring`` (how ``serve`` assembles it), ``cli`` and ``tui`` (the
terminal side).
"""
