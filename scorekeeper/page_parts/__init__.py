"""What the pages of several blueprints draw: the score chart, the sheet as on paper, and a game's share links with
their QR codes."""
