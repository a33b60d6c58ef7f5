"""Tables and plots for people: layer tables, plans, profiles, compression funnels."""

from codegen.report.tables import (
    compression_table,
    layer_table,
    layers_check_table,
    milliseconds,
    ops_table,
    plan_json,
    plan_table,
    profile_json,
    profile_table,
    table,
)

__all__ = [
    "table",
    "plan_table",
    "plan_json",
    "profile_json",
    "layer_table",
    "layers_check_table",
    "milliseconds",
    "ops_table",
    "profile_table",
    "compression_table",
]
