"""The command line: Typer commands built from the op registry (`app`), results rendered for people or as
`--json` (`render`), errors mapped to exit codes; `mcp-config` writes agents' client configs."""
