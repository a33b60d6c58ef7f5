"""Boards as data: YAML files validated against boards/schema.yaml."""

from codegen.boards.board import (
    ROLES,
    RVV_1_0_EXTENSIONS,
    WRITABLE_ROLES,
    Board,
    Region,
    available_boards,
    board_path,
    load_board,
)

__all__ = [
    "ROLES",
    "WRITABLE_ROLES",
    "RVV_1_0_EXTENSIONS",
    "Region",
    "Board",
    "board_path",
    "available_boards",
    "load_board",
]
