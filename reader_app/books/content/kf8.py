"""KF8 (AZW3, and the KF8 half of a joint MOBI) back into its XHTML parts: the text flows (FDST),
the skeleton and fragment indexes that cut the first flow into parts, `kindle:embed` pictures,
`kindle:flow` stylesheets and SVG, `kindle:pos:fid` links and the NCX table of contents.

Layouts follow the public MobileRead wiki's "KF8" page. Skeleton i is the start of part i; each
of its fragments is inserted into it at the fragment's (absolute) insert position, in order."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reader_app.books.content.mobi_index import IndexEntry, IndexError_, read_index
from reader_app.books.content.mobi_parts import ConvertedBook, TocPoint, image_member
from reader_app.books.content.mobi_records import NULL_INDEX, MobiHeader, PalmDatabase, damaged
from reader_app.books.content.mobi_text import TextStream, flow_ranges
from reader_app.errors import BookError
from reader_app.translatable import QT_TRANSLATE_NOOP, note, words_of

_KINDLE_REF = re.compile(
    rb"kindle:(?:pos:fid:([0-9A-Va-v]{1,8}):off:([0-9A-Va-v]{1,10})"
    rb"|embed:([0-9A-Va-v]{1,8})(?:\?[^\"')\s]*)?|flow:([0-9A-Va-v]{1,8})(?:\?[^\"')\s]*)?)"
)
_TAG = re.compile(rb"<[^<>]*>")
_ID = re.compile(rb"""\s(id|aid)\s*=\s*["']([^"']{1,200})["']""")
_TAG_NAME = re.compile(rb"<[\w:.-]*")
TAG_REACH = 8192  # how far back from a link's target its element's id is looked for


def base32(text: bytes | str) -> int:
    return int(text, 32)


@dataclass(frozen=True, slots=True)
class _Fragment:
    insert: int  # absolute position in the text where the fragment goes
    part: int


class Kf8Reader:
    """One KF8 book's reconstruction; `convert()` fills a `ConvertedBook`."""

    def __init__(
        self,
        database: PalmDatabase,
        header: MobiHeader,
        stream: TextStream,
        *,
        first_image: int,
    ) -> None:
        self.database = database
        self.header = header
        self.stream = stream
        self.ranges: list[tuple[int, int]] = []
        self.kinds: list[str] = ["xhtml"]  # each flow's kind
        self.first_image = first_image
        self.out = ConvertedBook()
        self.flows: list[bytes] = []
        self.parts: list[bytearray] = []
        self.starts: list[int] = []  # each part's absolute start in the text
        self.fragments: list[_Fragment] = []
        # (part, position) of link targets, and the id each ends up with
        self.targets: dict[tuple[int, int], str] = {}

    def convert(self) -> ConvertedBook:
        self._read_flows()
        try:
            self._rebuild_parts()
        except IndexError_ as error:
            raise damaged(self.database.path, str(error)) from error
        for number in range(1, len(self.flows)):
            self._keep_flow(number)
        resolved = [self._rewrite(number, bytes(part)) for number, part in enumerate(self.parts)]
        self._read_toc()
        self._name_targets(resolved)
        self.out.documents = [
            (part_name(number), self._finish_links(data))
            for number, data in enumerate(resolved)
        ]
        self.out.toc = self._toc_points()
        return self.out

    # -- flows and parts -------------------------------------------------------------------

    def _read_flows(self) -> None:
        self.ranges = flow_ranges(self.database, self.header, self.stream.length)
        self.flows = [self.stream.read(*self.ranges[0])]
        for start, end in self.ranges[1:]:
            head = self.stream.read(start, min(end, start + 2048))
            if head.lstrip().startswith((b"<svg", b"<?xml")) and b"<svg" in head:
                self.kinds.append("svg")  # a picture: read when it is shown (MobiResourceLoader)
                self.flows.append(b"")
            else:
                self.kinds.append("css")
                self.flows.append(self.stream.read(start, end))

    def _index(self, first: int) -> tuple[list[IndexEntry], dict[int, str]]:
        if first == NULL_INDEX:
            return [], {}
        try:
            return read_index(self.database, self.header.base + first)
        except IndexError_ as error:
            raise damaged(self.database.path, str(error)) from error

    def _rebuild_parts(self) -> None:
        flow = self.flows[0]
        skeletons, _ = self._index(self.header.skeleton_index)
        fragments, _ = self._index(self.header.fragment_index)
        if not skeletons:
            self.parts, self.starts = [bytearray(flow)], [0]
            return
        pending = iter(fragments)
        built = 0
        for number, skeleton in enumerate(skeletons):
            count = skeleton.first(1, 0)
            start, length = (skeleton.tags.get(6) or (0, 0))[:2]
            if start + length > len(flow):
                raise damaged(self.database.path, "a part's skeleton lies outside the text")
            part = bytearray(flow[start : start + length])
            read_from = start + length
            for _ in range(count):
                fragment = next(pending, None)
                if fragment is None:
                    raise damaged(self.database.path, "a part's fragments are missing")
                insert = _number(fragment.name)
                size = (fragment.tags.get(6) or (0, 0))[1]
                at = insert - start
                if not 0 <= at <= len(part) or read_from + size > len(flow):
                    raise damaged(self.database.path, "a fragment lies outside its part")
                part[at:at] = flow[read_from : read_from + size]
                read_from += size
                self.fragments.append(_Fragment(insert=insert, part=number))
            self.parts.append(part)
            self.starts.append(start)
            built += len(part)
            if built > 2 * len(flow) + (1 << 20):  # skeletons that share text: an amplifier
                raise damaged(self.database.path, "its parts repeat its text over and over")

    def _keep_flow(self, number: int) -> None:
        if self.kinds[number] == "svg":
            self.out.flows[flow_name(number, "svg")] = number
        else:
            self.out.stylesheets[flow_name(number, "css")] = self._rewrite(None, self.flows[number])

    # -- references ------------------------------------------------------------------------

    def _rewrite(self, part: int | None, data: bytes) -> bytes:
        """Pictures and flows by member name; link targets noted, rewritten once they have ids."""

        def replace(match: re.Match[bytes]) -> bytes:
            fid, offset, embed, flow = match.groups()
            if embed is not None:
                return self._picture(base32(embed)).encode()
            if flow is not None:
                number = base32(flow)
                if number in range(1, len(self.flows)):
                    return flow_name(number, self.kinds[number]).encode()
                return b"missing-flow"
            target = self.position(base32(fid), base32(offset))
            return b"kindle-target:%d:%d" % target if target else b"missing-target"

        return _KINDLE_REF.sub(replace, data)

    def _picture(self, number: int) -> str:
        record = self.first_image + number - 1
        if number < 1 or self.first_image == NULL_INDEX or record >= len(self.database):
            return "missing-picture"
        member = image_member(record, self.database.record(record)[:8])
        if member is None:
            return "missing-picture"
        self.out.images[member] = record
        return member

    def position(self, fragment: int, offset: int) -> tuple[int, int] | None:
        """(part, position in it) of `kindle:pos:fid:<fragment>:off:<offset>`."""
        if not 0 <= fragment < len(self.fragments):
            return None
        found = self.fragments[fragment]
        at = found.insert - self.starts[found.part] + offset
        if not 0 <= at <= len(self.parts[found.part]):
            return None
        self.targets.setdefault((found.part, at), "")
        return found.part, at

    def _name_targets(self, parts: list[bytes]) -> None:
        """Give each target the id of the tag it falls in (or the nearest one before it); add an
        id to a tag that has only Amazon's `aid`."""
        inserts: dict[int, list[tuple[int, bytes]]] = {}
        for part, at in sorted(self.targets):
            text = parts[part]
            close, opening = text.find(b">", at), text.find(b"<", at)
            end = close + 1 if opening == at or (close != -1 and close < opening) else at
            name, place = _nearest_id(text, end)
            if place is not None:
                inserts.setdefault(part, []).append((place, f' id="{name}"'.encode()))
            self.targets[(part, at)] = name
        for part, places in inserts.items():
            data = bytearray(parts[part])
            for place, attribute in sorted(set(places), reverse=True):
                data[place:place] = attribute
            parts[part] = bytes(data)

    def _finish_links(self, data: bytes) -> bytes:
        def replace(match: re.Match[bytes]) -> bytes:
            part, at = int(match.group(1)), int(match.group(2))
            name = self.targets.get((part, at), "")
            return f"{part_name(part)}#{name}".encode() if name else part_name(part).encode()

        return re.sub(rb"kindle-target:(\d+):(\d+)", replace, data)

    # -- contents --------------------------------------------------------------------------

    def _read_toc(self) -> None:
        try:  # a damaged NCX costs the contents only
            entries, strings = self._index(self.header.ncx_index)
        except BookError as error:
            self.out.notes.append(note(QT_TRANSLATE_NOOP(
                "BookNotes", "The book's table of contents could not be read ({error})."),
                error=words_of(error)))
            return
        for entry in entries:
            fid = entry.tags.get(6)
            target = self.position(fid[0], fid[1]) if fid and len(fid) >= 2 else None
            if target is None:
                continue
            self.out.toc.append(
                TocPoint(
                    title=strings.get(entry.first(3), "").strip(),
                    depth=max(entry.first(4, 0), 0),
                    member=f"kindle-target:{target[0]}:{target[1]}",
                    fragment="",
                )
            )

    def _toc_points(self) -> list[TocPoint]:
        """The NCX points with their final member and id."""
        points = []
        for point in self.out.toc:
            _, part, at = point.member.split(":")
            name = self.targets.get((int(part), int(at)), "")
            points.append(TocPoint(point.title, point.depth, part_name(int(part)), name))
        return points


def _nearest_id(text: bytes, end: int) -> tuple[str, int | None]:
    """The id of the last tag before `end` that has one (an `aid` becomes "aid-..."), and where
    to write that id when the tag has only an `aid`; tags are looked at back to TAG_REACH
    bytes, so thousands of links cost no more than their own neighbourhoods."""
    limit = max(end - TAG_REACH, 0)
    position = end
    while position > limit:
        opening = text.rfind(b"<", limit, position)
        if opening < 0:
            break
        tag = _TAG.match(text, opening)
        if tag is not None and tag.end() <= end:
            ids = dict(_ID.findall(tag.group()))
            if b"id" in ids:
                return ids[b"id"].decode("utf-8", errors="replace"), None
            if b"aid" in ids:
                name = _TAG_NAME.match(tag.group())
                place = opening + (len(name[0]) if name else 1)
                return "aid-" + ids[b"aid"].decode("utf-8", errors="replace"), place
        position = opening
    return "", None


def flow_name(number: int, kind: str) -> str:
    return f"flow{number:04d}.{kind}"


def part_name(number: int) -> str:
    return f"part{number:04d}.xhtml"


def _number(text: str) -> int:
    digits = text.strip()
    if not digits.isdigit():
        raise IndexError_("a fragment's insert position is not a number")
    return int(digits)

