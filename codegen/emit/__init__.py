"""Stage 5: the generated C sources and linker script, rendered from Jinja2 templates with plain data."""

from codegen.emit.render import (
    VALUES_PER_LINE,
    app_banner,
    c_literal,
    environment,
    render_app,
    render_app_harness,
    render_app_models_header,
    render_harness,
    render_linker_script,
    render_model,
    render_partitions_fragment,
    render_platform_header,
    render_test_hooks,
    value_lines,
)

__all__ = [
    "VALUES_PER_LINE",
    "environment",
    "c_literal",
    "value_lines",
    "render_model",
    "render_harness",
    "render_linker_script",
    "app_banner",
    "render_app",
    "render_app_models_header",
    "render_partitions_fragment",
    "render_app_harness",
    "render_platform_header",
    "render_test_hooks",
]
