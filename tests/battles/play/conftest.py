"""Live play reads army lists to start a battle: its tests build lists with the lists' fixtures."""

from tests.battles.lists.conftest import ann, bob, build, build_mass, profiles  # noqa: F401
