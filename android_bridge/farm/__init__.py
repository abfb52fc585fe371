"""A device farm on one host: N daemons with M virtual devices each, one control plane."""
