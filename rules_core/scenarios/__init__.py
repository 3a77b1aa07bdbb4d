"""Matched-play scenarios: each is an entry in `catalogue` (deployment, markers, own rules, Victory
Points, how it ends) built from the general mechanisms of this package: zones of any shape
(`data.Zone`), objective markers, secret picks, tallies kept through the game, and scoring lines.

The modules stand in the referee's layers (see docs/rules-core.md): `data` and `spec` hold plain
data, `catalogue` the entries, `scoring` the Victory Points, `ending` the end of a turn and the End
phase's rules, `pregame` the frames before the first turn, `secrets` what each audience may see.
"""
