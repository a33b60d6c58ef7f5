"""Tables and plots for people: layer tables, plans, profiles, compression funnels."""

from codegen.report.tables import (
    compression_table,
    layer_table,
    layers_check_table,
    ops_table,
    plan_table,
    profile_table,
    table,
)

__all__ = [
    "table",
    "plan_table",
    "layer_table",
    "layers_check_table",
    "ops_table",
    "profile_table",
    "compression_table",
]
