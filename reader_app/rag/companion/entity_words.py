"""Word lists for finding names offline: titles, speech verbs, common words, nicknames."""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Honorifics and titles that lead a name ("Mr. Darcy", "Prince Andrew", "Captain Ahab").
TITLES = frozenset(
    {
        "Mr", "Mrs", "Ms", "Miss", "Master", "Dr", "Mme", "Mlle", "Madame", "Mademoiselle",
        "Monsieur", "Lady", "Lord", "Sir", "Dame", "Prince", "Princess", "Count", "Countess",
        "Duke", "Duchess", "Baron", "Baroness", "King", "Queen", "Emperor", "Empress", "Captain",
        "Colonel", "General", "Major", "Lieutenant", "Sergeant", "Admiral", "Professor", "Uncle",
        "Aunt", "Father", "Mother", "Brother", "Sister", "Saint", "St",
        # French and German: none is an English word
        "M", "Messieurs", "Maître", "Comte", "Comtesse", "Marquis", "Marquise", "Duc",
        "Duchesse", "Vicomte", "Vicomtesse", "Docteur", "Capitaine", "Général", "Abbé",
        "Herr", "Herrn", "Frau", "Fräulein", "Doktor", "Onkel", "Tante", "Graf", "Gräfin",
        "Baronin", "Fürst", "Fürstin", "Hauptmann", "Leutnant", "Hofrat", "Pastor", "Pfarrer",
    }
)
# Titles that come with a given name rather than a surname ("Lady Catherine", "Prince Andrew").
GIVEN_NAME_TITLES = frozenset(
    {"Miss", "Lady", "Lord", "Sir", "Dame", "Prince", "Princess", "Count", "Countess", "Uncle",
     "Aunt", "Master", "Mlle", "Mademoiselle", "King", "Queen", "Emperor", "Empress", "Saint",
     "Onkel", "Tante"}
)
MALE_TITLES = frozenset(
    {"Mr", "Sir", "Lord", "Dr", "Captain", "Colonel", "General", "Major", "Lieutenant",
     "Sergeant", "Admiral", "Professor", "Monsieur", "Master", "M", "Docteur", "Capitaine",
     "Herr", "Herrn", "Doktor", "Hauptmann", "Leutnant", "Hofrat", "Pastor", "Pfarrer"}
)
# One title in three languages: "Doktor Brokenkorb" is "Dr. Brokenkorb", "Madame Cruse" is
# "Frau Cruse" (French, German books).
SAME_TITLES = (frozenset({"Dr", "Doktor", "Docteur"}), frozenset({"Mrs", "Madame", "Mme", "Frau"}),
               frozenset({"Mr", "Monsieur", "M", "Herr", "Herrn"}),
               frozenset({"Miss", "Mademoiselle", "Mlle", "Fräulein"}))
NOBLE_TITLES = frozenset(
    {"Lady", "Lord", "Sir", "Dame", "Prince", "Princess", "Count", "Countess", "Duke", "Duchess",
     "Baron", "Baroness", "King", "Queen", "Emperor", "Empress"}
)
# A title alone is a name only for these, and only after "the": "the Queen", "the Duchess".
STANDALONE_TITLES = frozenset(
    {"King", "Queen", "Duchess", "Duke", "Emperor", "Empress", "Prince", "Princess", "Count",
     "Countess", "Baron", "Baroness", "Colonel", "Captain", "General"}
)
# Lower-case words that may sit inside a name: "Lady Catherine de Bourgh".
PARTICLES = frozenset({"de", "van", "von", "du", "da", "del", "della", "la", "le", "der"})

SPEECH_VERBS = frozenset(
    {
        "said", "says", "cried", "replied", "asked", "answered", "exclaimed", "continued",
        "observed", "added", "returned", "whispered", "shouted", "called", "repeated", "thought",
        "muttered", "began", "went", "remarked", "interrupted", "screamed", "sobbed", "sighed",
        "laughed", "rejoined", "resumed", "inquired", "enquired", "declared", "murmured",
        "growled", "roared", "explained", "protested", "urged", "pleaded", "shrieked",
        "dit", "répondit", "demanda", "reprit", "ajouta", "s’écria", "s'écria", "cria",
        "murmura", "répliqua", "continua", "fit", "sagte", "rief", "fragte", "antwortete",
        "erwiderte", "meinte", "flüsterte", "murmelte", "schrie", "versetzte", "entgegnete",
        "sprach", "seufzte",
    }
)
PLACE_PREPOSITIONS = frozenset(
    {"in", "at", "from", "near", "into", "towards", "toward", "through", "to", "reached",
     "visit", "visiting", "left", "leaving", "across", "beyond", "outside",
     "à", "en", "dans", "vers", "nach", "aus", "bei",
     # French streets and waters: "rue du Perron", "lac des Quatre-Cantons"
     "rue", "boulevard", "quai", "faubourg", "avenue", "lac", "ville"}
)
# A name ending in one of these is a place: "Netherfield Park", "the Emerald City".
PLACE_WORDS = frozenset(
    {
        "Park", "Hall", "House", "Lodge", "Street", "Square", "Castle", "City", "Land", "Country",
        "River", "Forest", "Wood", "Woods", "Road", "Court", "Abbey", "Church", "Hill", "Hills",
        "Lake", "Sea", "Ocean", "Island", "Mountains", "Mountain", "Bridge", "Gate", "Palace",
        "Tower", "Valley", "Village", "Town", "Place", "Lane", "Inn", "Farm", "Shire",
        "Kingdom", "Desert", "Field", "Fields", "Garden", "Gardens", "Mill",
    }
)
# A name beginning with one of these is a place: "Stadt Berlin", "Hôtel de Rome", "Lac Léman".
PLACE_LEADS = frozenset(
    {"Stadt", "Hansestadt", "Dorf", "Schloss", "Schloß", "Hotel", "Hôtel", "Gasthof", "Burg",
     "Kloster", "Rue", "Place", "Château", "Lac", "Mont", "Faubourg", "Quai", "Boulevard"}
)
# How English places end ("Pemberley", "Hertfordshire", "Lambton"): a name ending so that is
# never spoken, called or titled, and is met where places are, is a place (xray.py). Surnames
# end so too (Bingley, Wickham): they are spoken and titled, so the rule leaves them alone.
_ENGLISH_PLACE_ENDINGS = (
    "shire", "ley", "ton", "ford", "bury", "field", "ham", "borough", "burgh", "worth",
    "stead", "chester", "minster",
)
# French and German: "Friedrichstadt", "Idstedt", "Charleville", "Hambourg"
CONTINENTAL_PLACE_ENDINGS = ("stadt", "stedt", "burg", "dorf", "hausen", "furt", "ville", "bourg")
PLACE_ENDINGS: tuple[str, ...] = _ENGLISH_PLACE_ENDINGS + CONTINENTAL_PLACE_ENDINGS
# Capitalised words that are names of something, but never of a person or place in a story.
# Places a reader knows without being told: a name among these that is never spoken by, titled
# or addressed like a person is a place ("England" in "the north of England").
KNOWN_PLACES = frozenset(
    {
        "England", "Scotland", "Ireland", "Wales", "Britain", "France", "Paris", "Germany",
        "Prussia", "Austria", "Vienna", "Russia", "Moscow", "Petersburg", "Italy", "Rome", "Spain",
        "Portugal", "Holland", "Poland", "Turkey", "Egypt", "India", "China", "Europe", "Asia",
        "Africa", "America", "London", "Bath", "Brighton", "Derbyshire", "Hertfordshire", "Kent",
        "Yorkshire", "Devonshire", "Oxford", "Cambridge", "Kansas", "Switzerland", "Sweden",
        "Denmark", "Norway", "Greece", "Berlin", "Smolensk", "Borodino", "Austerlitz", "Kiev",
        "Siberia", "Caucasus", "Finland", "Lithuania", "Vilna", "Italie", "Angleterre",
        "Allemagne", "Suisse", "Espagne", "Russie", "Autriche", "Londres", "Italien", "Frankreich",
        "Naples", "Milan", "Venise", "Florence", "Genève", "Vienne", "Lyon", "Marseille",
        "Bruxelles", "Neapel", "Mailand", "Venedig", "Florenz", "Genf", "Prag", "Dresden",
        "Leipzig", "Köln", "Brüssel", "Amsterdam", "Madrid", "Lisbonne", "Lissabon",
        "Deutschland", "Schweiz", "Spanien", "Russland", "Österreich",
        "Wien", "Hamburg", "München", "Lübeck",
    }
)

NOT_PEOPLE = frozenset(
    {
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "christmas", "easter", "michaelmas", "god", "heaven",
        "heavens", "lord", "christ", "english", "french", "german", "russian", "russians",
        "italian", "spanish", "latin", "greek", "chapter", "volume", "book", "part",
        "frenchman", "frenchmen", "englishman", "sir", "madam", "ma", "mamma", "papa", "ah", "oh",
        "ay", "aye", "ha", "hm", "hush", "bravo", "hurrah", "adieu", "mon", "mais", "oui",
        "non", "the", "tis", "twas", "ll", "ve", "don", "yes", "no", "gentlemen", "ladies",
        "majesty", "excellency", "highness", "honour", "honor", "grace", "epilogue", "preface",
        "ma'am", "ma’am", "dieu", "gott", "seigneur", "herrgott", "jésus", "christus", "kapitel",
        "chapitre",
    }
)
# Common words that begin sentences and are never names (compared in lower case).
STOPWORDS = _words(
    """
    a about above across after afterwards again against all almost alone along already also
    although always am among an and another any anybody anyhow anyone anything anyway anywhere
    are around as at away back be because been before beforehand behind being below beside
    besides between beyond both but by can cannot could dear did do does doing done down during
    each either else elsewhere enough even ever every everybody everyone everything everywhere
    except far few first for formerly from further had has have having he hence her here
    hereafter hereby herein hers herself him himself his how however i if in indeed instead into
    is it its itself just last latter least less let like many may me meanwhile might mine more
    moreover most mostly much must my myself namely neither never nevertheless next no nobody
    none nor not nothing now nowhere of off often on once one only onto or other others otherwise
    our ours ourselves out over own perhaps please quite rather really same say see seem seemed
    shall she should since so some somebody somehow someone something sometime sometimes
    somewhere soon still such than that the their theirs them themselves then thence there
    thereafter thereby therefore therein these they this those though through throughout thus
    till to together too towards under unless until up upon us very was we well were what
    whatever when whence whenever where whereas wherever whether which while whither who whoever
    whole whom whose why will with within without would yet you your yours yourself yourselves
    oh ah alas yes no nay well why hush come go look good poor dear now then here there
    suddenly presently immediately accordingly certainly surely indeed perhaps besides still
    nothing everything something anything nobody everybody somebody yesterday today tomorrow
    tonight morning evening night chapter volume part book miss mister madam sir
    again next last first second third once twice let pray thank thanks goodbye good bye
    one two three four five six seven eight nine ten eleven twelve hundred thousand
    north south east west hello farewell sure true quite only just even whatever o ho aha
    ay aye upon whilst later lately early earlier afterward directly instantly
    having being after before although though unless until while meanwhile
    """
)
# Nickname -> given name, for nicknames merged only when the text pairs them (see entities.py).
NICKNAMES: dict[str, str] = {
    "Lizzy": "Elizabeth",
    "Lizzie": "Elizabeth",
    "Eliza": "Elizabeth",
    "Liz": "Elizabeth",
    "Betsy": "Elizabeth",
    "Bess": "Elizabeth",
    "Kitty": "Catherine",
    "Kate": "Catherine",
    "Meg": "Margaret",
    "Maggie": "Margaret",
    "Bob": "Robert",
    "Bill": "William",
    "Will": "William",
    "Jack": "John",
    "Dick": "Richard",
    "Tom": "Thomas",
    "Ned": "Edward",
    "Ted": "Edward",
    "Charley": "Charles",
    "Charlie": "Charles",
    "Jenny": "Jane",
    "Natásha": "Natálya",
    "Pétya": "Pëtr",
    "Sónya": "Sófya",
    "Nikólenka": "Nikoláy",
}
