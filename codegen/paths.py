"""Where the project's data lives, relative to this package."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS_DIR = ROOT / "boards"
TEMPLATES_DIR = ROOT / "templates"
FIRMWARE_DIR = ROOT / "firmware"
EXAMPLES_DIR = ROOT / "examples"
DEFAULT_MODEL = EXAMPLES_DIR / "tiny_kws.tflite"
DEFAULT_BOARD = "spike-rv64gcv"
