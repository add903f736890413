/**
 * Country-name table: ISO 3166-1 alpha-2 code, then the names the lists use for it
 * (ISO/UN short and formal names, OFAC and UK spellings, former names) and, after `/`,
 * nationality adjectives (UK ConList and OFAC remarks often write "Russian", "Iraqi").
 * Kept as data so new spellings seen in a list are a one-line change.
 */
export const COUNTRY_NAME_TABLE = `
AD Andorra / Andorran
AE United Arab Emirates; UAE; U.A.E. / Emirati; Emirian
AF Afghanistan / Afghan; Afghani
AG Antigua and Barbuda / Antiguan
AI Anguilla / Anguillan
AL Albania / Albanian
AM Armenia / Armenian
AO Angola / Angolan
AQ Antarctica
AR Argentina / Argentine; Argentinian; Argentinean
AS American Samoa
AT Austria / Austrian
AU Australia / Australian
AW Aruba / Aruban
AX Aland Islands
AZ Azerbaijan / Azerbaijani; Azeri
BA Bosnia and Herzegovina; Bosnia-Herzegovina; Bosnia / Bosnian
BB Barbados / Barbadian
BD Bangladesh / Bangladeshi
BE Belgium / Belgian
BF Burkina Faso / Burkinabe
BG Bulgaria / Bulgarian
BH Bahrain / Bahraini
BI Burundi / Burundian
BJ Benin / Beninese
BL Saint Barthelemy
BM Bermuda / Bermudian
BN Brunei; Brunei Darussalam / Bruneian
BO Bolivia; Bolivia (Plurinational State of) / Bolivian
BQ Bonaire, Sint Eustatius and Saba; Caribbean Netherlands
BR Brazil / Brazilian
BS Bahamas; The Bahamas / Bahamian
BT Bhutan / Bhutanese
BV Bouvet Island
BW Botswana / Motswana; Botswanan
BY Belarus; Byelorussia / Belarusian; Belarussian
BZ Belize / Belizean
CA Canada / Canadian
CC Cocos (Keeling) Islands
CD Democratic Republic of the Congo; Congo, Democratic Republic of the; Congo, The Democratic Republic of the; Congo (Kinshasa); Congo-Kinshasa; DR Congo; DRC; Zaire / Congolese (DRC)
CF Central African Republic / Central African
CG Congo; Republic of the Congo; Congo, Republic of the; Congo (Brazzaville); Congo-Brazzaville / Congolese
CH Switzerland / Swiss
CI Cote d'Ivoire; Cote d Ivoire; Ivory Coast / Ivorian
CK Cook Islands
CL Chile / Chilean
CM Cameroon / Cameroonian
CN China; People's Republic of China; PRC / Chinese
CO Colombia / Colombian
CR Costa Rica / Costa Rican
CU Cuba / Cuban
CV Cabo Verde; Cape Verde / Cape Verdean
CW Curacao
CX Christmas Island
CY Cyprus / Cypriot
CZ Czechia; Czech Republic / Czech
DE Germany; Federal Republic of Germany / German
DJ Djibouti / Djiboutian
DK Denmark / Danish
DM Dominica / Dominican (Dominica)
DO Dominican Republic / Dominican
DZ Algeria / Algerian
EC Ecuador / Ecuadorian; Ecuadorean
EE Estonia / Estonian
EG Egypt / Egyptian
EH Western Sahara / Sahrawi
ER Eritrea / Eritrean
ES Spain / Spanish
ET Ethiopia / Ethiopian
FI Finland / Finnish
FJ Fiji / Fijian
FK Falkland Islands; Falkland Islands (Malvinas)
FM Micronesia; Micronesia, Federated States of; Federated States of Micronesia / Micronesian
FO Faroe Islands
FR France / French
GA Gabon / Gabonese
GB United Kingdom; United Kingdom of Great Britain and Northern Ireland; UK; U.K.; Great Britain; Britain; England; Scotland; Wales; Northern Ireland / British; English; Scottish; Welsh
GD Grenada / Grenadian
GE Georgia / Georgian
GF French Guiana
GG Guernsey
GH Ghana / Ghanaian
GI Gibraltar
GL Greenland
GM Gambia; The Gambia / Gambian
GN Guinea / Guinean
GP Guadeloupe
GQ Equatorial Guinea / Equatorial Guinean; Equatoguinean
GR Greece / Greek
GS South Georgia and the South Sandwich Islands
GT Guatemala / Guatemalan
GU Guam
GW Guinea-Bissau; Guinea Bissau / Bissau-Guinean
GY Guyana / Guyanese
HK Hong Kong; Hong Kong SAR; Hong Kong SAR China
HM Heard Island and McDonald Islands
HN Honduras / Honduran
HR Croatia / Croatian
HT Haiti / Haitian
HU Hungary / Hungarian
ID Indonesia / Indonesian
IE Ireland / Irish
IL Israel / Israeli
IM Isle of Man
IN India / Indian
IO British Indian Ocean Territory
IQ Iraq / Iraqi
IR Iran; Iran (Islamic Republic of); Islamic Republic of Iran; Iran, Islamic Republic of / Iranian
IS Iceland / Icelandic
IT Italy / Italian
JE Jersey
JM Jamaica / Jamaican
JO Jordan / Jordanian
JP Japan / Japanese
KE Kenya / Kenyan
KG Kyrgyzstan; Kyrgyz Republic / Kyrgyz; Kyrgyzstani
KH Cambodia / Cambodian
KI Kiribati
KM Comoros / Comoran; Comorian
KN Saint Kitts and Nevis; St. Kitts and Nevis / Kittitian
KP North Korea; Korea, North; Democratic People's Republic of Korea; Korea, Democratic People's Republic of; DPRK; Korea (North) / North Korean
KR South Korea; Korea, South; Republic of Korea; Korea, Republic of; Korea (South) / South Korean
KW Kuwait / Kuwaiti
KY Cayman Islands / Caymanian
KZ Kazakhstan / Kazakh; Kazakhstani
LA Laos; Lao People's Democratic Republic / Lao; Laotian
LB Lebanon / Lebanese
LC Saint Lucia; St. Lucia / Saint Lucian
LI Liechtenstein
LK Sri Lanka / Sri Lankan
LR Liberia / Liberian
LS Lesotho / Basotho
LT Lithuania / Lithuanian
LU Luxembourg / Luxembourgish; Luxembourger
LV Latvia / Latvian
LY Libya; Libyan Arab Jamahiriya / Libyan
MA Morocco / Moroccan
MC Monaco / Monegasque
MD Moldova; Republic of Moldova; Moldova, Republic of / Moldovan
ME Montenegro / Montenegrin
MF Saint Martin (French part); Saint Martin
MG Madagascar / Malagasy
MH Marshall Islands / Marshallese
MK North Macedonia; North Macedonia, The Republic of; Macedonia; The former Yugoslav Republic of Macedonia; Republic of North Macedonia / Macedonian
ML Mali / Malian
MM Myanmar; Burma / Burmese
MN Mongolia / Mongolian
MO Macao; Macau; Macao SAR China
MP Northern Mariana Islands
MQ Martinique
MR Mauritania / Mauritanian
MS Montserrat
MT Malta / Maltese
MU Mauritius / Mauritian
MV Maldives / Maldivian
MW Malawi / Malawian
MX Mexico / Mexican
MY Malaysia / Malaysian
MZ Mozambique / Mozambican
NA Namibia / Namibian
NC New Caledonia
NE Niger / Nigerien
NF Norfolk Island
NG Nigeria / Nigerian
NI Nicaragua / Nicaraguan
NL Netherlands; The Netherlands; Holland / Dutch
NO Norway / Norwegian
NP Nepal / Nepalese; Nepali
NR Nauru / Nauruan
NU Niue
NZ New Zealand / New Zealander
OM Oman / Omani
PA Panama / Panamanian
PE Peru / Peruvian
PF French Polynesia
PG Papua New Guinea / Papua New Guinean
PH Philippines; The Philippines / Filipino; Philippine
PK Pakistan / Pakistani
PL Poland / Polish
PM Saint Pierre and Miquelon
PN Pitcairn
PR Puerto Rico / Puerto Rican
PS Palestine; State of Palestine; Palestinian Territories; Occupied Palestinian Territory; West Bank; Gaza; Gaza Strip; West Bank and Gaza / Palestinian
PT Portugal / Portuguese
PW Palau / Palauan
PY Paraguay / Paraguayan
QA Qatar / Qatari
RE Reunion
RO Romania / Romanian
RS Serbia; Republic of Serbia / Serbian
RU Russia; Russian Federation / Russian
RW Rwanda / Rwandan
SA Saudi Arabia; Kingdom of Saudi Arabia / Saudi; Saudi Arabian
SB Solomon Islands
SC Seychelles / Seychellois
SD Sudan / Sudanese
SE Sweden / Swedish
SG Singapore / Singaporean
SH Saint Helena; Saint Helena, Ascension and Tristan da Cunha
SI Slovenia / Slovenian; Slovene
SJ Svalbard and Jan Mayen
SK Slovakia; Slovak Republic / Slovak
SL Sierra Leone / Sierra Leonean
SM San Marino
SN Senegal / Senegalese
SO Somalia / Somali
SR Suriname / Surinamese
SS South Sudan / South Sudanese
ST Sao Tome and Principe
SV El Salvador / Salvadoran; Salvadorean
SX Sint Maarten; Sint Maarten (Dutch part)
SY Syria; Syrian Arab Republic / Syrian
SZ Eswatini; Swaziland / Swazi
TC Turks and Caicos Islands
TD Chad / Chadian
TF French Southern Territories
TG Togo / Togolese
TH Thailand / Thai
TJ Tajikistan / Tajik; Tajikistani
TK Tokelau
TL Timor-Leste; East Timor / Timorese
TM Turkmenistan / Turkmen
TN Tunisia / Tunisian
TO Tonga / Tongan
TR Turkey; Turkiye; Republic of Turkiye / Turkish
TT Trinidad and Tobago / Trinidadian; Tobagonian
TV Tuvalu
TW Taiwan; Taiwan, Province of China; Republic of China / Taiwanese
TZ Tanzania; United Republic of Tanzania; Tanzania, United Republic of / Tanzanian
UA Ukraine / Ukrainian
UG Uganda / Ugandan
UM United States Minor Outlying Islands
US United States; United States of America; USA; U.S.A.; U.S.; US / American
UY Uruguay / Uruguayan
UZ Uzbekistan / Uzbek; Uzbekistani
VA Holy See; Vatican; Vatican City
VC Saint Vincent and the Grenadines; St. Vincent and the Grenadines / Vincentian
VE Venezuela; Venezuela (Bolivarian Republic of); Bolivarian Republic of Venezuela / Venezuelan
VG British Virgin Islands; Virgin Islands, British; Virgin Islands (British)
VI United States Virgin Islands; Virgin Islands, U.S.; Virgin Islands (U.S.)
VN Vietnam; Viet Nam / Vietnamese
VU Vanuatu / Ni-Vanuatu
WF Wallis and Futuna
WS Samoa / Samoan
XK Kosovo / Kosovar; Kosovan
YE Yemen / Yemeni
YT Mayotte
ZA South Africa / South African
ZM Zambia / Zambian
ZW Zimbabwe / Zimbabwean
`;
