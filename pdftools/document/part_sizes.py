"""Parts of at most a size (`split --size`): pages in order, each part as many whole pages as fit, measured on the
bytes really written. Each part's end is first guessed from what its pages use (each object counted once a part,
so a font every page shares is counted in every part, as the part will hold it), scaled by how far the last
written part was from its guess; then parts are written to check: one page more, one page fewer, and only when
the guess was far off a search (galloping, then halving), so most parts are written twice, none more than about
2 log2(pages) times."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

OBJECT = 40  # bytes an object takes besides a stream's data: its number, dictionary, xref entry (a guess)
SKIPPED = {"/Parent", "/P", "/Dest", "/A", "/PA", "/Next", "/Prev", "/First", "/Last", "/B", "/StructParent"}

Key = tuple[int, int]


@dataclass
class Chosen:
    start: int  # 1-based, inclusive
    end: int
    path: Path  # the part as written, to be moved into place
    size: int


class Costs:
    """What each page's part copies: its objects (by number) and each object's stored size, roughly."""

    def __init__(self, pages: list[pikepdf.Page]) -> None:
        self.sizes: dict[Key, int] = {}
        self._children: dict[Key, list[Key]] = {}
        self.pages = [self._reach(page.obj) for page in pages]

    def guess(self, start: int, limit: float) -> int:
        """The last page (1-based) of the part from `start` whose objects add up to at most `limit` (`start` at
        least)."""
        seen: set[Key] = set()
        total, end = 0, start
        for number in range(start, len(self.pages) + 1):
            new = self.pages[number - 1] - seen
            total += sum(self.sizes[key] for key in new)
            if total > limit and number > start:
                break
            seen |= new
            end = number
        return end

    def estimate(self, start: int, end: int) -> int:
        keys = set().union(*self.pages[start - 1:end])
        return sum(self.sizes[key] for key in keys)

    def _reach(self, page: pikepdf.Object) -> set[Key]:
        start = page.objgen
        found, todo = {start}, [start]
        self._note(start, page)
        while todo:
            for child in self._children[todo.pop()]:
                if child not in found:
                    found.add(child)
                    todo.append(child)
        return found

    def _note(self, key: Key, obj: pikepdf.Object) -> None:
        """Record the size of `obj` and of every object it reaches, and the indirect objects each names (never
        another page: a link's target, a parent)."""
        pending = [(key, obj)]
        while pending:
            key, obj = pending.pop()
            if key not in self._children:
                children = self._named(obj)
                self._children[key] = [child.objgen for child in children]
                self.sizes[key] = OBJECT + _stored(obj)
                pending += [(child.objgen, child) for child in children]

    @staticmethod
    def _named(obj: pikepdf.Object) -> list[pikepdf.Object]:
        import pikepdf

        children: list[pikepdf.Object] = []
        todo = [obj]
        while todo:
            item = todo.pop()
            if isinstance(item, pikepdf.Dictionary | pikepdf.Stream):
                values = [value for name, value in item.items() if name not in SKIPPED]
            elif isinstance(item, pikepdf.Array):
                values = list(item)
            else:
                continue
            for value in values:
                if not isinstance(value, pikepdf.Dictionary | pikepdf.Stream | pikepdf.Array):
                    continue
                if not value.is_indirect:
                    todo.append(value)
                elif not (isinstance(value, pikepdf.Dictionary) and value.get("/Type") in ("/Page", "/Pages")):
                    children.append(value)
        return children


def _stored(obj: pikepdf.Object) -> int:
    """A stream's data as stored (0 for another object, or a stream too damaged to read: the part's write is what
    counts, this only guesses)."""
    import pikepdf

    if not isinstance(obj, pikepdf.Stream):
        return 0
    try:
        return len(obj.read_raw_bytes())
    except pikepdf.PdfError:
        return 0


def plan(costs: Costs, limit: int, write: Callable[[int, int, Path], None], folder: Path) -> list[Chosen]:
    """The parts, each written into `folder` by `write(start, end, path)` and measured."""
    parts: list[Chosen] = []
    count, scale, start = len(costs.pages), 1.0, 1
    while start <= count:
        chosen = _part(start, count, limit, costs.guess(start, limit / scale), write, folder)
        scale = max(0.05, chosen.size / max(costs.estimate(chosen.start, chosen.end), 1))
        parts.append(chosen)
        start = chosen.end + 1
    return parts


def _part(start: int, count: int, limit: int, guess: int, write: Callable[[int, int, Path], None],
          folder: Path) -> Chosen:
    """The longest part from `start` that fits (`start` alone when even that does not), searched from `guess`."""
    written: dict[int, Chosen] = {}

    def size(end: int) -> int:
        path = folder / f"{start}-{end}.pdf"
        write(start, end, path)
        written[end] = Chosen(start, end, path, path.stat().st_size)
        return written[end].size

    fits, over = start - 1, count + 1  # the longest end known to fit, the shortest known not to
    end, step = guess, 1
    while True:  # gallop from the guess, up while parts fit, down while they do not
        if size(end) <= limit:
            fits = end
            end = min(count, end + step)
        else:
            over = end
            end = max(start, end - step)
        step *= 2
        if end <= fits or end >= over:
            break
    while over - fits > 1:
        middle = (fits + over) // 2
        if size(middle) <= limit:
            fits = middle
        else:
            over = middle
    best = written[max(fits, start)]
    for end, chosen in written.items():
        if end != best.end:
            chosen.path.unlink()
    return best
