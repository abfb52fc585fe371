"""The ``droidgate`` command line. Subcommands come from every package via entry points."""
