"""What the pages of several blueprints draw: the score chart, the sheet as on paper, a game's share links with
their QR codes, and what the hand panels and the standings show."""
