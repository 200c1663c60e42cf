"""Op results are plain dataclasses: cheap to define (pydantic models cost ~0.1 s of start-up per command),
turned into JSON-ready dicts here, and into MCP output schemas by the SDK (pydantic reads dataclasses)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any


def to_dict(result: Any) -> dict[str, Any]:
    return dataclasses.asdict(result)


def to_json(result: Any, *, indent: int | None = 2) -> str:
    return json.dumps(to_dict(result), indent=indent, ensure_ascii=False)


def fields(result: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(result)]


def is_result(value: Any) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type)
