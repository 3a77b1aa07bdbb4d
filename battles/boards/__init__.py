"""Boards in the web app, whatever their ruleset: the library (the referee's designed boards, the
boards players saved), a random board, the board editor, and the board a new battle is fought on."""
