"""The error every layer raises for input a user can fix; the CLI prints its one-line message
and exits with code 2."""


class ConfigError(ValueError):
    """A configuration value, option or file that cannot be used; the message is one line."""
