"""Countries (ISO 3166-1 alpha-2) and the states or provinces of the countries whose addresses need one (shell §3
Country: id, countryName, countryCode, states). Reference data written for this project; `countryCode` is the
stable key (the API accepts it in `country`), `id` is the position in this list.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# code|name, alphabetical by name.
_COUNTRIES = """
AF|Afghanistan
AX|Åland Islands
AL|Albania
DZ|Algeria
AS|American Samoa
AD|Andorra
AO|Angola
AI|Anguilla
AQ|Antarctica
AG|Antigua and Barbuda
AR|Argentina
AM|Armenia
AW|Aruba
AU|Australia
AT|Austria
AZ|Azerbaijan
BS|Bahamas
BH|Bahrain
BD|Bangladesh
BB|Barbados
BY|Belarus
BE|Belgium
BZ|Belize
BJ|Benin
BM|Bermuda
BT|Bhutan
BO|Bolivia
BQ|Bonaire, Sint Eustatius and Saba
BA|Bosnia and Herzegovina
BW|Botswana
BV|Bouvet Island
BR|Brazil
IO|British Indian Ocean Territory
BN|Brunei Darussalam
BG|Bulgaria
BF|Burkina Faso
BI|Burundi
CV|Cabo Verde
KH|Cambodia
CM|Cameroon
CA|Canada
KY|Cayman Islands
CF|Central African Republic
TD|Chad
CL|Chile
CN|China
CX|Christmas Island
CC|Cocos (Keeling) Islands
CO|Colombia
KM|Comoros
CG|Congo
CD|Congo, Democratic Republic of the
CK|Cook Islands
CR|Costa Rica
CI|Côte d'Ivoire
HR|Croatia
CU|Cuba
CW|Curaçao
CY|Cyprus
CZ|Czechia
DK|Denmark
DJ|Djibouti
DM|Dominica
DO|Dominican Republic
EC|Ecuador
EG|Egypt
SV|El Salvador
GQ|Equatorial Guinea
ER|Eritrea
EE|Estonia
SZ|Eswatini
ET|Ethiopia
FK|Falkland Islands (Malvinas)
FO|Faroe Islands
FJ|Fiji
FI|Finland
FR|France
GF|French Guiana
PF|French Polynesia
TF|French Southern Territories
GA|Gabon
GM|Gambia
GE|Georgia
DE|Germany
GH|Ghana
GI|Gibraltar
GR|Greece
GL|Greenland
GD|Grenada
GP|Guadeloupe
GU|Guam
GT|Guatemala
GG|Guernsey
GN|Guinea
GW|Guinea-Bissau
GY|Guyana
HT|Haiti
HM|Heard Island and McDonald Islands
VA|Holy See
HN|Honduras
HK|Hong Kong
HU|Hungary
IS|Iceland
IN|India
ID|Indonesia
IR|Iran
IQ|Iraq
IE|Ireland
IM|Isle of Man
IL|Israel
IT|Italy
JM|Jamaica
JP|Japan
JE|Jersey
JO|Jordan
KZ|Kazakhstan
KE|Kenya
KI|Kiribati
KP|Korea, Democratic People's Republic of
KR|Korea, Republic of
KW|Kuwait
KG|Kyrgyzstan
LA|Lao People's Democratic Republic
LV|Latvia
LB|Lebanon
LS|Lesotho
LR|Liberia
LY|Libya
LI|Liechtenstein
LT|Lithuania
LU|Luxembourg
MO|Macao
MG|Madagascar
MW|Malawi
MY|Malaysia
MV|Maldives
ML|Mali
MT|Malta
MH|Marshall Islands
MQ|Martinique
MR|Mauritania
MU|Mauritius
YT|Mayotte
MX|Mexico
FM|Micronesia
MD|Moldova
MC|Monaco
MN|Mongolia
ME|Montenegro
MS|Montserrat
MA|Morocco
MZ|Mozambique
MM|Myanmar
NA|Namibia
NR|Nauru
NP|Nepal
NL|Netherlands
NC|New Caledonia
NZ|New Zealand
NI|Nicaragua
NE|Niger
NG|Nigeria
NU|Niue
NF|Norfolk Island
MK|North Macedonia
MP|Northern Mariana Islands
NO|Norway
OM|Oman
PK|Pakistan
PW|Palau
PS|Palestine, State of
PA|Panama
PG|Papua New Guinea
PY|Paraguay
PE|Peru
PH|Philippines
PN|Pitcairn
PL|Poland
PT|Portugal
PR|Puerto Rico
QA|Qatar
RE|Réunion
RO|Romania
RU|Russian Federation
RW|Rwanda
BL|Saint Barthélemy
SH|Saint Helena, Ascension and Tristan da Cunha
KN|Saint Kitts and Nevis
LC|Saint Lucia
MF|Saint Martin (French part)
PM|Saint Pierre and Miquelon
VC|Saint Vincent and the Grenadines
WS|Samoa
SM|San Marino
ST|Sao Tome and Principe
SA|Saudi Arabia
SN|Senegal
RS|Serbia
SC|Seychelles
SL|Sierra Leone
SG|Singapore
SX|Sint Maarten (Dutch part)
SK|Slovakia
SI|Slovenia
SB|Solomon Islands
SO|Somalia
ZA|South Africa
GS|South Georgia and the South Sandwich Islands
SS|South Sudan
ES|Spain
LK|Sri Lanka
SD|Sudan
SR|Suriname
SJ|Svalbard and Jan Mayen
SE|Sweden
CH|Switzerland
SY|Syrian Arab Republic
TW|Taiwan
TJ|Tajikistan
TZ|Tanzania
TH|Thailand
TL|Timor-Leste
TG|Togo
TK|Tokelau
TO|Tonga
TT|Trinidad and Tobago
TN|Tunisia
TR|Türkiye
TM|Turkmenistan
TC|Turks and Caicos Islands
TV|Tuvalu
UG|Uganda
UA|Ukraine
AE|United Arab Emirates
GB|United Kingdom
US|United States
UM|United States Minor Outlying Islands
UY|Uruguay
UZ|Uzbekistan
VU|Vanuatu
VE|Venezuela
VN|Viet Nam
VG|Virgin Islands (British)
VI|Virgin Islands (U.S.)
WF|Wallis and Futuna
EH|Western Sahara
YE|Yemen
ZM|Zambia
ZW|Zimbabwe
"""

# country code -> "code|name" lines, in the order shown to the user.
_STATES = {
    "US": """
AL|Alabama
AK|Alaska
AS|American Samoa
AZ|Arizona
AR|Arkansas
AA|Armed Forces Americas
AE|Armed Forces Europe
AP|Armed Forces Pacific
CA|California
CO|Colorado
CT|Connecticut
DE|Delaware
DC|District of Columbia
FL|Florida
GA|Georgia
GU|Guam
HI|Hawaii
ID|Idaho
IL|Illinois
IN|Indiana
IA|Iowa
KS|Kansas
KY|Kentucky
LA|Louisiana
ME|Maine
MD|Maryland
MA|Massachusetts
MI|Michigan
MN|Minnesota
MS|Mississippi
MO|Missouri
MT|Montana
NE|Nebraska
NV|Nevada
NH|New Hampshire
NJ|New Jersey
NM|New Mexico
NY|New York
NC|North Carolina
ND|North Dakota
MP|Northern Mariana Islands
OH|Ohio
OK|Oklahoma
OR|Oregon
PA|Pennsylvania
PR|Puerto Rico
RI|Rhode Island
SC|South Carolina
SD|South Dakota
TN|Tennessee
TX|Texas
UT|Utah
VT|Vermont
VI|Virgin Islands
VA|Virginia
WA|Washington
WV|West Virginia
WI|Wisconsin
WY|Wyoming
""",
    "CA": """
AB|Alberta
BC|British Columbia
MB|Manitoba
NB|New Brunswick
NL|Newfoundland and Labrador
NT|Northwest Territories
NS|Nova Scotia
NU|Nunavut
ON|Ontario
PE|Prince Edward Island
QC|Quebec
SK|Saskatchewan
YT|Yukon
""",
    "AU": """
ACT|Australian Capital Territory
NSW|New South Wales
NT|Northern Territory
QLD|Queensland
SA|South Australia
TAS|Tasmania
VIC|Victoria
WA|Western Australia
""",
    "DE": """
BW|Baden-Württemberg
BY|Bayern
BE|Berlin
BB|Brandenburg
HB|Bremen
HH|Hamburg
HE|Hessen
MV|Mecklenburg-Vorpommern
NI|Niedersachsen
NW|Nordrhein-Westfalen
RP|Rheinland-Pfalz
SL|Saarland
SN|Sachsen
ST|Sachsen-Anhalt
SH|Schleswig-Holstein
TH|Thüringen
""",
    "CN": """
AH|Anhui
BJ|Beijing
CQ|Chongqing
FJ|Fujian
GS|Gansu
GD|Guangdong
GX|Guangxi
GZ|Guizhou
HI|Hainan
HE|Hebei
HL|Heilongjiang
HA|Henan
HK|Hong Kong
HB|Hubei
HN|Hunan
NM|Inner Mongolia
JS|Jiangsu
JX|Jiangxi
JL|Jilin
LN|Liaoning
MO|Macao
NX|Ningxia
QH|Qinghai
SN|Shaanxi
SD|Shandong
SH|Shanghai
SX|Shanxi
SC|Sichuan
TJ|Tianjin
XZ|Tibet
XJ|Xinjiang
YN|Yunnan
ZJ|Zhejiang
""",
    "IN": """
AN|Andaman and Nicobar Islands
AP|Andhra Pradesh
AR|Arunachal Pradesh
AS|Assam
BR|Bihar
CH|Chandigarh
CG|Chhattisgarh
DH|Dadra and Nagar Haveli and Daman and Diu
DL|Delhi
GA|Goa
GJ|Gujarat
HR|Haryana
HP|Himachal Pradesh
JK|Jammu and Kashmir
JH|Jharkhand
KA|Karnataka
KL|Kerala
LA|Ladakh
LD|Lakshadweep
MP|Madhya Pradesh
MH|Maharashtra
MN|Manipur
ML|Meghalaya
MZ|Mizoram
NL|Nagaland
OD|Odisha
PY|Puducherry
PB|Punjab
RJ|Rajasthan
SK|Sikkim
TN|Tamil Nadu
TS|Telangana
TR|Tripura
UP|Uttar Pradesh
UK|Uttarakhand
WB|West Bengal
""",
}


@dataclass(frozen=True)
class State:
    state_code: str
    state_name: str


@dataclass(frozen=True)
class Country:
    id: int
    country_code: str
    country_name: str
    states: tuple[State, ...]


def _pairs(text: str) -> list[tuple[str, str]]:
    rows = []
    for line in text.strip().splitlines():
        code, _, name = line.partition("|")
        if not code or not name:
            raise ValueError(f"Bad reference line: {line!r}")
        rows.append((code.strip(), name.strip()))
    return rows


@cache
def country_list() -> tuple[Country, ...]:
    countries = []
    for index, (code, name) in enumerate(_pairs(_COUNTRIES), start=1):
        states = tuple(State(state_code, state_name) for state_code, state_name in _pairs(_STATES.get(code, "")))
        countries.append(Country(id=index, country_code=code, country_name=name, states=states))
    codes = [country.country_code for country in countries]
    if len(set(codes)) != len(codes) or set(_STATES) - set(codes):
        raise ValueError("Duplicate or unknown country codes in accounts/countries.py")
    return tuple(countries)


@cache
def _by_key() -> dict[str, Country]:
    index: dict[str, Country] = {}
    for country in country_list():
        index[country.country_code.casefold()] = country
        index.setdefault(country.country_name.casefold(), country)
    return index


def country_find(value: str) -> Country | None:
    """A country by its ISO code or its name (any case)."""
    return _by_key().get(value.strip().casefold()) if value else None


def state_find(country: Country, value: str) -> State | None:
    """One of the country's states by its code or its name (any case)."""
    wanted = value.strip().casefold()
    for state in country.states:
        if wanted in (state.state_code.casefold(), state.state_name.casefold()):
            return state
    return None


# --- postal address lines ----------------------------------------------------------------------------------------

# How the last lines of an address read, by country (the postal conventions of each): where the postcode stands
# against the city and whether the state or province follows. Countries not listed write "postcode city".
_CITY_LINE_AFTER = {"US", "CA", "AU", "IN"}  # "City, ST 12345"
_POSTCODE_LINE_ALONE = {"GB", "IE"}  # "City", then "POSTCODE" on its own line
_POSTCODE_FIRST_WITH_STATE = {"CN"}  # "Province City 100000"
_NO_STATE_LINE = {"DE", "AT", "CH", "FR", "NL", "BE", "LU", "DK", "SE", "NO", "FI"}  # "10115 Berlin", no state


def postal_address_lines(
    *,
    name: str = "",
    company: str = "",
    street: str = "",
    street2: str = "",
    city: str = "",
    state: str = "",
    postcode: str = "",
    country: str = "",
) -> list[str]:
    """The lines of an address as the post of its country writes them ("Boston, MA 02110" in the US, "10115 Berlin"
    in Germany), with the country's name last. Empty parts are left out; `country` and `state` may be codes or
    names."""
    found = country_find(country)
    code = found.country_code if found else ""
    country_name = found.country_name if found else country.strip()
    state_name = state.strip()
    if found and state_name:
        known = state_find(found, state_name)
        if known is not None:
            # US, CA and AU addresses use the state's code; elsewhere its name reads better.
            state_name = known.state_code if code in _CITY_LINE_AFTER else known.state_name
    city, postcode = city.strip(), postcode.strip()
    if code in _CITY_LINE_AFTER:
        place = ", ".join(part for part in (city, " ".join(p for p in (state_name, postcode) if p)) if part)
        place_lines = [place]
    elif code in _POSTCODE_LINE_ALONE:
        place_lines = [city, state_name, postcode]
    elif code in _POSTCODE_FIRST_WITH_STATE:
        place_lines = [" ".join(p for p in (state_name, city, postcode) if p)]
    else:
        place_lines = [" ".join(p for p in (postcode, city) if p), "" if code in _NO_STATE_LINE else state_name]
    lines = [name.strip(), company.strip(), street.strip(), street2.strip(), *place_lines, country_name]
    return [line for line in lines if line]


def postal_address_from(address: dict, *, keys: dict[str, str | tuple[str, str]]) -> list[str]:
    """`postal_address_lines` of a stored address whose own key names `keys` maps to the parts (a pair of keys for
    the name: first and last); a missing key is an empty part."""
    parts = {}
    for part, key in keys.items():
        if isinstance(key, tuple):
            parts[part] = " ".join(str(address.get(k) or "") for k in key if address.get(k))
        else:
            parts[part] = str(address.get(key) or "")
    return postal_address_lines(**parts)
