"""The command line: Typer commands built from the op registry (`app`), each op a command whose run maps errors
to exit codes (`command`), results rendered for people or as `--json` (`render`); `mcp-config` writes agents'
client configs."""
