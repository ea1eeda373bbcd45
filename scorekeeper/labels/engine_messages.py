"""The engine's messages (a Spanish template and its values) in the page's language."""

from flask_babel import gettext

from scorekeeper.engine.errors import Message


def engine_message(message: Message) -> str:
    """An engine message in the page's language."""
    return message.render(gettext)
