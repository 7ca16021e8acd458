"""The error of anything a user gives balance that it cannot use (a rule value, an override, an
option, a file), in a module of its own so that every layer can raise it: the configs, the
policies' registry, the commands."""


class ConfigError(ValueError):
    """A configuration value or override that cannot be used; the message is one line."""
