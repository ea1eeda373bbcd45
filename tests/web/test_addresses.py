"""Every address the app answers, as committed here: renaming a view, a blueprint or a module never changes one.

Links a table has shared (the scorekeeper's, the watchers', a peña's, the phone app's) live on in chats and on
other phones; an address that moved would break them all. A new address is added to ``ADDRESSES`` on purpose.
"""

from __future__ import annotations

from flask import Flask

#: Each rule of the app: its methods (as Flask lists them, HEAD and OPTIONS included) and its path.
ADDRESSES = [
    "GET HEAD OPTIONS /",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/a-bg-stats",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/hoja.csv",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/hoja-en-papel",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/hoja.pdf",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/imprimir",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/partida.json",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/resultado.png",
    "GET HEAD OPTIONS /<any(p, ver):scope>/<token>/resumen-por-whatsapp",
    "GET HEAD OPTIONS /arbitro",
    "GET HEAD OPTIONS /historial",
    "OPTIONS POST /idioma",
    "GET HEAD OPTIONS /instalar",
    "GET HEAD OPTIONS /llevar",
    "GET HEAD OPTIONS /manifest.webmanifest",
    "GET HEAD OPTIONS /p/<token>",
    "OPTIONS POST /p/<token>/anotar",
    "OPTIONS POST /p/<token>/apuesta",
    "OPTIONS POST /p/<token>/archivar",
    "OPTIONS POST /p/<token>/bazas",
    "GET HEAD OPTIONS POST /p/<token>/borrar",
    "GET HEAD OPTIONS /p/<token>/carta",
    "GET HEAD OPTIONS /p/<token>/codigo-para-apuntar.svg",
    "OPTIONS POST /p/<token>/crear",
    "OPTIONS POST /p/<token>/dejar",
    "OPTIONS POST /p/<token>/desarchivar",
    "OPTIONS POST /p/<token>/deshacer",
    "OPTIONS POST /p/<token>/guardar",
    "GET HEAD OPTIONS /p/<token>/hoja",
    "GET HEAD OPTIONS POST /p/<token>/mano/<int:number>/corregir",
    "OPTIONS POST /p/<token>/nuevo-enlace",
    "GET HEAD OPTIONS POST /p/<token>/pena",
    "OPTIONS POST /p/<token>/pinta",
    "OPTIONS POST /p/<token>/renuncio",
    "GET HEAD OPTIONS POST /p/<token>/revancha",
    "OPTIONS POST /p/<token>/subasta",
    "GET HEAD OPTIONS POST /p/<token>/suspense",
    "GET HEAD OPTIONS POST /partidas/importar",
    "GET HEAD OPTIONS POST /partidas/nueva",
    "GET HEAD OPTIONS /partidas/nueva/calendario",
    "GET HEAD OPTIONS /pena/<token>",
    "GET HEAD OPTIONS /pena/<token>/liga.csv",
    "GET HEAD OPTIONS /pena/<token>/liga.json",
    "GET HEAD OPTIONS /pena/<token>/noche/<int:number>/mesas",
    "GET HEAD OPTIONS /pena/<token>/noche/<int:number>",
    "OPTIONS POST /pena/<token>/noche/<int:number>/deshacer-sorteo",
    "OPTIONS POST /pena/<token>/noche/<int:number>/llega",
    "OPTIONS POST /pena/<token>/noche/<int:number>/se-va",
    "OPTIONS POST /pena/<token>/noche/<int:number>/sorteo",
    "GET HEAD OPTIONS POST /pena/<token>/noche/nueva",
    "OPTIONS POST /pena/<token>/partidas",
    "OPTIONS POST /pena/<token>/quitar",
    "OPTIONS POST /pena/<token>/separar",
    "OPTIONS POST /pena/<token>/temporadas",
    "OPTIONS POST /pena/<token>/temporadas/quitar",
    "OPTIONS POST /pena/<token>/unir",
    "GET HEAD OPTIONS POST /pena/nueva",
    "GET HEAD OPTIONS /pena/ver/<token>",
    "GET HEAD OPTIONS /pena/ver/<token>/liga.csv",
    "GET HEAD OPTIONS /pena/ver/<token>/liga.json",
    "GET HEAD OPTIONS /pena/ver/<token>/noche/<int:number>/pantalla",
    "GET HEAD OPTIONS /pena/ver/<token>/noche/<int:number>/pantalla/en-directo",
    "GET HEAD OPTIONS /pena/ver/<token>/noche/<int:number>",
    "GET HEAD OPTIONS /pena/ver/<token>/pantalla",
    "GET HEAD OPTIONS /pena/ver/<token>/pantalla/en-directo",
    "GET HEAD OPTIONS POST /recibir",
    "GET HEAD OPTIONS /robots.txt",
    "GET HEAD OPTIONS /salud",
    "GET HEAD OPTIONS /simulador",
    "GET HEAD OPTIONS /simulador/cuantas",
    "GET HEAD OPTIONS /simulador/deal.json",
    "GET HEAD OPTIONS /simulador/jugar",
    "OPTIONS POST /simulador/jugar",
    "GET HEAD OPTIONS /sin-conexion",
    "GET HEAD OPTIONS /partidas/en-este-movil",
    "GET HEAD OPTIONS /static/<path:filename>",
    "GET HEAD OPTIONS /sw.js",
    "GET HEAD OPTIONS /ver/<token>",
    "GET HEAD OPTIONS /ver/<token>/en-directo",
    "GET HEAD OPTIONS /ver/<token>/pantalla",
    "GET HEAD OPTIONS /ver/<token>/pantalla/en-directo",
]


def addresses(app: Flask) -> list[str]:
    """The app's rules as ``ADDRESSES`` writes them (methods, then the path), sorted."""
    return sorted(f"{' '.join(sorted(rule.methods or ()))} {rule.rule}" for rule in app.url_map.iter_rules())


def test_every_address_stays_where_tables_were_given_it(app: Flask) -> None:
    now = addresses(app)
    gone = [address for address in ADDRESSES if address not in now]
    new = [address for address in now if address not in ADDRESSES]
    assert not gone, f"addresses that no longer answer (shared links would break): {gone}"
    assert not new, f"new addresses: add them to ADDRESSES on purpose: {new}"
    assert now == sorted(ADDRESSES), "an address answered by two rules, or listed twice"
