"""Boards (`docs/rules/terrain.md` §19): what a board must give every scenario to be fair (`fair`),
boards designed for the library (`library`), a random board made fair by construction (`maker`),
and the step before deployment where the players agree on one (`agreement`)."""
