"""The result card: a finished game as a picture to share in the table's chat, laid out (pure) then painted (Pillow).

``facts`` holds what the card says, every text already in the page's language; ``layout`` places
each text, box and line on a 1080×1350 canvas and returns that as data; ``paint`` draws it as a PNG.
Nothing here knows about Flask: the export blueprint gathers the facts of a stored game.
"""
