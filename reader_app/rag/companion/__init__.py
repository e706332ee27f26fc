"""The companion's derived text: names found offline, X-Ray, descriptions, recaps.

Front door: `features.py` (what the window, the command line and character chat call).

Modules:
- `calls`: The companion's model calls over the port, each a sealed request of its own
  (prompts.py): X-Ray's descriptions, chapter summaries and recaps, and which names are one person.
- `entities`: Names found offline in a book's own text: one forward pass, so nothing is decided by
  later text.
- `entity_context`: What the words around a run of capitals say in a French or German book: that
  it names a firm, a work, a word cried out, or someone met before by a pet form of their name.
- `entity_forms`: What name finding produces: the forms a book writes a name in, their mentions
  and the links that make forms one person (entities.py makes them, entity_store.py keeps them).
- `entity_german`: German name runs: a run of capitals cut to its name or dropped as a noun, from
  simplemma's lemma list and the text read so far.
- `entity_groups`: Which name forms are one person: the merges made so far and the evidence that
  joins an English nickname to its given name.
- `entity_languages`: What a capitalised word says in each book language: the words that make it
  a common noun (German capitalises every noun, French its nationalities), the interjections and
  function words that open sentences, and whether surnames merge with the one full name they end.
- `entity_merges`: The forms read so far, indexed for merging, and the merges French and German
  books add to English's, with the forms only French writes one person in.
- `entity_runs`: Which capitalised words of a sentence make a name, and what the words around a
  name say of it (speech, a call in speech, a place), judged from the text read so far only.
- `entity_store`: Storing a book's names (forms, mentions, merges) once, and reading them back at a
  boundary.
- `entity_tokens`: Words of a sentence for name finding: each with its place and whether it starts
  afresh.
- `entity_words`: Word lists for finding names offline: titles, speech verbs, common words,
  nicknames.
- `features`: The companion features in one place, for the window, the command line and character
  chat.
- `places`: Places a reader knows without being told, for French and German books: countries,
  regions, continents and large cities in many languages, from GeoNames and CLDR.
- `prompts`: Every piece of text the companion sends a model, and the sealed requests made of it.
- `recaps`: The story so far: chapter summaries, the part of the current chapter read,
  "Previously…" and the recap of a series' earlier volumes.
- `store`: Stored companion text (descriptions, summaries, recaps) and the book's chapters as sid
  ranges.
- `words`: The few words the companion writes itself into its requests, in the book's language
  (an untitled chapter's label, "part 2", "(summary)", "the series").
- `xray`: X-Ray: the people and places the reader has met, their mentions and who appears with
  whom.
- `xray_notes`: X-Ray cards: descriptions "as of Chapter 12", and name merges a model may propose.
"""
