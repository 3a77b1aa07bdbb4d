"""The skirmish game's web code: see `plugin.py`."""
