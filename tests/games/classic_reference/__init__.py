"""The classic engine before the lean core: the reference the new core is tested against,
move by move, until it is retired (issue 40)."""
