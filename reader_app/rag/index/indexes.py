"""The two per-book indexes, a contentless FTS5 table and a FAISS file, both searched masked."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reader_app.errors import LibraryError
from reader_app.paths import index_dir
from reader_app.rag.index.keywords import PORTER_SCHEME, KeywordAnalyzer, analyzer_for, fts_tokenize
from reader_app.store.faults import explain_library_fault
from reader_app.translatable import QT_TRANSLATE_NOOP, sentence

if TYPE_CHECKING:
    # numpy, like FAISS (`_faiss`), loads with the first dense search: the keyword index and the
    # chunk tables, which the window reads, need neither.
    import numpy as np

# Words too common to help BM25 rank anything; dropping them keeps keyword search fast on long
# books (each query term costs a posting-list walk).
_STOPWORDS = frozenset(
    {
        "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "did", "do", "does", "for",
        "from", "had", "has", "have", "he", "her", "hers", "him", "his", "how", "i", "if", "in",
        "into", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "she", "so",
        "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
        "to", "us", "was", "we", "were", "what", "when", "where", "which", "who", "whom", "why",
        "will", "with", "would", "you", "your", "about", "after", "again", "all", "am", "any",
        "because", "before", "being", "can", "could", "just", "more", "most", "other", "over",
        "own", "same", "should", "some", "such", "too", "very"
    }
)
_WORD = re.compile(r"\w+")
# An English book's keyword table (rag/index/keywords.py has the other languages' schemes).
FTS_TOKENIZER = PORTER_SCHEME


# -- keyword index (SQLite FTS5) ---------------------------------------------------------------


def fts_table_name(book_id: str) -> str:
    """One FTS5 table per book, so that the mask `rowid < c` covers exactly this book's prefix.

    The name is derived from a hash so that no book id can inject SQL.
    """
    return "chunk_fts_" + hashlib.sha256(book_id.encode()).hexdigest()[:24]


def create_keyword_index(
    conn: sqlite3.Connection, book_id: str, texts: Sequence[str], *, scheme: str = FTS_TOKENIZER
) -> str:
    """(Re)create the book's contentless FTS5 table with rowid = chunk id, for texts made by
    `scheme` (keywords.py: stems for a book not in English). Caller's transaction."""
    table = fts_table_name(book_id)
    conn.execute(f"DROP TABLE IF EXISTS {table}")
    # content='' stores only the inverted index: the text itself lives once, in `sentences`.
    conn.execute(
        f"CREATE VIRTUAL TABLE {table} USING fts5("
        f"text, content='', tokenize='{fts_tokenize(scheme)}')"
    )
    add_to_keyword_index(conn, book_id, first_rowid=0, texts=texts)
    return table


def add_to_keyword_index(
    conn: sqlite3.Connection, book_id: str, *, first_rowid: int, texts: Sequence[str]
) -> None:
    """Index chunks `first_rowid, first_rowid + 1, ...` by keyword. Caller's transaction."""
    conn.executemany(
        f"INSERT INTO {fts_table_name(book_id)} (rowid, text) VALUES (?, ?)",
        enumerate(texts, start=first_rowid),
    )


def drop_keyword_index(conn: sqlite3.Connection, book_id: str) -> None:
    with conn:
        conn.execute(f"DROP TABLE IF EXISTS {fts_table_name(book_id)}")


def keyword_query(text: str, analyzer: KeywordAnalyzer | None = None,
                  in_index: Callable[[str], bool] | None = None) -> str | None:
    """An FTS5 query matching any content word of `text` (stemmed by `analyzer` when the table
    holds stems; `in_index` tells which stems it holds, for compound parts); each term quoted,
    so no operator or column filter in the user's text can change what the query means."""
    if analyzer is not None:
        words = analyzer.query_terms(text, in_index=in_index)
    else:
        words = [w for w in _WORD.findall(text.lower()) if w not in _STOPWORDS]
        if not words:
            words = _WORD.findall(text.lower())
    unique = list(dict.fromkeys(words))[:32]
    return " OR ".join(f'"{w}"' for w in unique) if unique else None


def keyword_scheme_of(conn: sqlite3.Connection, table: str) -> str:
    """How `table` was built (the scheme recorded with the book's text units; porter if none)."""
    row = conn.execute(
        "SELECT fts_tokenizer FROM text_units WHERE fts_table = ?", (table,)
    ).fetchone()
    return str(row[0]) if row is not None and row[0] else FTS_TOKENIZER


def _holds_term(conn: sqlite3.Connection, table: str) -> Callable[[str], bool]:
    def holds(term: str) -> bool:
        return conn.execute(
            f"SELECT 1 FROM {table} WHERE {table} MATCH ? LIMIT 1", (f'"{term}"',)
        ).fetchone() is not None

    return holds


def keyword_search(
    conn: sqlite3.Connection, table: str, query: str, *, chunk_limit: int, limit: int,
    also: Sequence[int] = (),
) -> list[tuple[int, float]]:
    """(chunk id, BM25 score, higher is better) of the best chunks among `[0, chunk_limit)` and
    the chunk ids `also` (the notes the boundary admits)."""
    analyzer = analyzer_for(keyword_scheme_of(conn, table))
    match = keyword_query(query, analyzer, _holds_term(conn, table))
    if match is None or (chunk_limit <= 0 and not also) or limit <= 0:
        return []
    extra = f" OR rowid IN ({', '.join('?' * len(also))})" if also else ""
    rows = conn.execute(
        f"SELECT rowid, bm25({table}) FROM {table} WHERE {table} MATCH ? "
        f"AND (rowid < ?{extra}) ORDER BY bm25({table}) LIMIT ?",
        (match, chunk_limit, *(int(i) for i in also), limit),
    ).fetchall()
    return [(int(rowid), -float(score)) for rowid, score in rows]


# -- dense index (FAISS) -----------------------------------------------------------------------


def _faiss() -> Any:
    """FAISS, imported on first use (a worker's, never the launch's: the first page does not
    need it)."""
    import faiss

    return faiss


def vector_index_path(home: Path, book_id: str, model_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model_id).strip("._") or "model"
    tag = hashlib.sha256(model_id.encode()).hexdigest()[:8]  # two ids may sanitise alike
    return index_dir(home, book_id) / f"{safe}-{tag}.faiss"


def new_vector_index(dimension: int) -> Any:
    """Inner product over unit vectors (= cosine), with our chunk ids as FAISS ids."""
    return _faiss().IndexIDMap(_faiss().IndexFlatIP(dimension))


def vector_file_is_whole(path: Path, *, vectors: int) -> bool:
    """Whether the index file at `path` looks whole for `vectors` vectors, from its header and
    size alone (reading the whole index to find out would cost as much as a search): FAISS's
    IndexIDMap magic, a count of at least `vectors`, and room for each vector and its id."""
    try:
        with path.open("rb") as handle:
            head = handle.read(16)
            size = os.fstat(handle.fileno()).st_size
    except OSError:
        return False
    if len(head) < 16 or head[:4] != b"IxMp":
        return False
    dimension = int.from_bytes(head[4:8], "little", signed=True)
    count = int.from_bytes(head[8:16], "little", signed=True)
    return dimension > 0 and count >= vectors and size >= count * (4 * dimension + 8)


def load_vector_index(path: Path) -> Any | None:
    if not path.exists():
        return None
    try:
        return _faiss().read_index(str(path))
    except RuntimeError:
        return None  # a damaged file is derived data: the indexer rebuilds it


def save_vector_index(index: Any, path: Path) -> None:
    """Write atomically: a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        _faiss().write_index(index, str(temporary))
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except (OSError, RuntimeError) as error:  # faiss reports a failed write as RuntimeError
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise explain_library_fault(error, home=path.parent) or LibraryError(
            sentence(QT_TRANSLATE_NOOP(
                "Errors", "The assistant's index could not be saved in {parent} ({error})."),
                parent=str(path.parent), error=str(error))
        ) from error


def stored_ids(index: Any) -> np.ndarray:
    return _faiss().vector_to_array(index.id_map)


def dense_search(
    index: Any, query_vector: np.ndarray, *, chunk_limit: int, limit: int,
    also: Sequence[int] = (),
) -> list[tuple[int, float]]:
    """(chunk id, cosine) of the nearest chunks among ids `[0, chunk_limit)` and the ids `also`
    (the notes the boundary admits).

    The selector is applied inside FAISS, before ranking: no id outside the range is scored.
    """
    if (chunk_limit <= 0 and not also) or limit <= 0 or index.ntotal == 0:
        return []
    import numpy as np

    params = _faiss().SearchParameters()
    selector: Any = _faiss().IDSelectorRange(0, max(chunk_limit, 0))
    if also:
        ids = np.ascontiguousarray(np.array(sorted(set(also)), dtype=np.int64))
        batch = _faiss().IDSelectorBatch(len(ids), _faiss().swig_ptr(ids))
        # Both parts must outlive the search: the Or selector holds bare pointers to them.
        keep = (selector, batch, ids)
        selector = _faiss().IDSelectorOr(selector, batch)
        selector.keep = keep  # swig objects take attributes
    params.sel = selector
    query = np.ascontiguousarray(query_vector.reshape(1, -1), dtype=np.float32)
    scores, ids = index.search(query, min(limit, index.ntotal), params=params)
    return [(int(i), float(s)) for i, s in zip(ids[0], scores[0], strict=True) if i >= 0]


class VectorIndexCache:
    """Loaded FAISS files, reloaded when the indexer has replaced the file since."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loaded: dict[Path, tuple[tuple[int, int], Any]] = {}

    def get(self, path: Path) -> Any | None:
        try:
            stat = path.stat()
        except FileNotFoundError:
            return None
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            cached = self._loaded.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
        index = load_vector_index(path)
        if index is not None:
            with self._lock:
                self._loaded[path] = (stamp, index)
        return index


# -- what each dense index holds ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VectorIndexRecord:
    book_id: str
    model_id: str
    dimension: int
    chunk_count: int
    indexed_count: int  # chunks [0, indexed_count) have vectors in the file


def read_vector_record(
    conn: sqlite3.Connection, book_id: str, model_id: str
) -> VectorIndexRecord | None:
    row = conn.execute(
        """SELECT dimension, chunk_count, indexed_count FROM vector_indexes
           WHERE book_id = ? AND model_id = ?""",
        (book_id, model_id),
    ).fetchone()
    if row is None:
        return None
    return VectorIndexRecord(book_id, model_id, int(row[0]), int(row[1]), int(row[2]))


def write_vector_record(conn: sqlite3.Connection, record: VectorIndexRecord) -> None:
    with conn:
        conn.execute(
            """INSERT INTO vector_indexes (book_id, model_id, dimension, chunk_count,
                                           indexed_count, updated_at)
               VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT(book_id, model_id) DO UPDATE SET dimension = excluded.dimension,
                   chunk_count = excluded.chunk_count, indexed_count = excluded.indexed_count,
                   updated_at = excluded.updated_at""",
            (record.book_id, record.model_id, record.dimension, record.chunk_count,
             record.indexed_count, time.time()),
        )
