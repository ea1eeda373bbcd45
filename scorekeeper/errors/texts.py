"""What each error says to the player: a title, what happened and what to do next, in the game's plain words."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from flask_babel import format_datetime, format_decimal, gettext

from scorekeeper.engine.errors import N_

MEGABYTE: Final = 1024 * 1024
KILOBYTE: Final = 1024
FORM_EXPIRED: Final = "form-expired"


@dataclass(frozen=True, slots=True)
class Explanation:
    """An error as the player reads it, in the page's language: a short title and what to do next."""

    title: str
    message: str


#: The Spanish texts (translated when shown) by status code, and for a form whose CSRF token expired.
TEXTS: Final[dict[int | str, tuple[str, str]]] = {
    400: (
        N_("Algo no cuadra"),
        N_("No hemos entendido lo que se ha enviado. Vuelve atrás y prueba otra vez."),
    ),
    403: (
        N_("No se puede"),
        N_("Esta página no está disponible para ti."),
    ),
    404: (
        N_("Esta página no existe"),
        N_(
            "Puede que el enlace esté mal escrito o que la partida ya no exista. "
            "Si a la partida le han dado un enlace nuevo para apuntar, el viejo ya no sirve: pídeselo otra vez a quien apunta."
        ),
    ),
    405: (
        N_("Esta dirección no se abre así"),
        N_(
            "Esta dirección solo recibe lo que envía un botón de Pocha: abrirla o recargarla no hace nada. "
            "No se ha apuntado nada: vuelve a la partida y toca el botón otra vez."
        ),
    ),
    413: (
        N_("Demasiado grande"),
        N_(
            "Lo que has enviado (un archivo o un formulario) pasa de %(size)s, lo más que admite Pocha. "
            "No se ha guardado nada: vuelve atrás y envía algo más pequeño."
        ),
    ),
    429: (
        N_("Demasiadas peticiones"),
        N_(
            "Han llegado demasiadas peticiones seguidas desde esta conexión (este móvil u otros en la misma Wi-Fi). "
            "Espera un momento y prueba otra vez: lo que ya estaba apuntado sigue guardado."
        ),
    ),
    500: (
        N_("Algo ha fallado"),
        N_("No se ha guardado nada de lo último que has enviado. Vuelve atrás y prueba otra vez."),
    ),
    FORM_EXPIRED: (
        N_("La página ha caducado"),
        N_("No se ha guardado nada. Vuelve a la página, recárgala y vuelve a intentarlo."),
    ),
}

#: The 413 message when no size limit is set (only an explicit ``abort(413)`` gets there).
TOO_BIG_WITHOUT_LIMIT: Final = N_(
    "Lo que has enviado (un archivo o un formulario) es más de lo que admite Pocha. "
    "No se ha guardado nada: vuelve atrás y envía algo más pequeño."
)


def size_text(limit: int) -> str:
    """A size limit as players read it, rounded down so that it never promises more: «1 MB», «1,5 MB», «64 KB»."""
    if limit >= MEGABYTE:
        return f"{format_decimal(math.floor(limit * 10 / MEGABYTE) / 10, format='#,##0.#')} MB"
    return f"{format_decimal(max(1, limit // KILOBYTE), format='#,##0')} KB"


#: A deleted game's address (410): its title and what happened, with the day and time it was deleted.
DELETED: Final = (
    N_("Esta partida se ha borrado"),
    N_(
        "Quien apuntaba la borró el %(when)s: su hoja ya no está en Pocha. "
        "El enlace está bien escrito; es que la partida ya no existe."
    ),
)


def explain_deleted(deleted_at: datetime) -> Explanation:
    """The explanation of a deleted game's address, naming when it was deleted (in the page's language)."""
    title, message = DELETED
    return Explanation(gettext(title), gettext(message, when=format_datetime(deleted_at, "dd/MM/yyyy HH:mm")))


def explain(key: int | str, size_limit: int | None = None) -> Explanation:
    """The explanation for status ``key`` (another 4xx reads as 400, another 5xx as 500) or ``FORM_EXPIRED``."""
    if key not in TEXTS:
        key = 500 if isinstance(key, int) and key >= 500 else 400
    title, message = TEXTS[key]
    if key == 413:
        if size_limit is None:
            return Explanation(gettext(title), gettext(TOO_BIG_WITHOUT_LIMIT))
        return Explanation(gettext(title), gettext(message, size=size_text(size_limit)))
    return Explanation(gettext(title), gettext(message))
