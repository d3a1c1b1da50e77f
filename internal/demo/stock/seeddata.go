package stock

import (
	"strconv"
	"strings"
)

// Demo data tables: brands with believable models and versions, and real
// towns with their coordinates. Prices are Swedish list prices in SEK for a
// new car; other currencies are converted in the generator.

type brandSpec struct {
	Name   string
	Code   string // brand code; commercial models use TRCode
	TRCode string // code of the commercial-vehicle division, e.g. "VW_TR"; "" if none
	WMI    string // first three VIN characters
	Models []modelSpec
}

type modelSpec struct {
	Name     string
	Body     string // a key of bodies
	Type     string // PC, LCV or TRUCK
	Seats    int
	Doors    int
	Versions []versionSpec
}

type versionSpec struct {
	Name    string
	Fuel    string // a key of fuels
	HP      int
	Gearbox string // auto or manual
	Drive   string // fwd, rwd or awd
	Price   int    // SEK, new
	Battery float64
	Range   int // km, WLTP electric range
}

// m builds a model from compact version strings
// "name:fuel:hp:gearbox:drive:price[:battery:range]".
func m(name, body, typ string, seats, doors int, versions ...string) modelSpec {
	ms := modelSpec{Name: name, Body: body, Type: typ, Seats: seats, Doors: doors}
	for _, v := range versions {
		f := strings.Split(v, ":")
		hp, _ := strconv.Atoi(f[2])
		price, _ := strconv.Atoi(f[5])
		vs := versionSpec{Name: f[0], Fuel: f[1], HP: hp, Gearbox: f[3], Drive: f[4], Price: price}
		if len(f) > 7 {
			vs.Battery, _ = strconv.ParseFloat(f[6], 64)
			vs.Range, _ = strconv.Atoi(f[7])
		}
		ms.Versions = append(ms.Versions, vs)
	}
	return ms
}

var demoBrands = []brandSpec{
	{Name: "Volkswagen", Code: "VW", TRCode: "VW_TR", WMI: "WVW", Models: []modelSpec{
		m("Golf", "hatchback", "PC", 5, 5, "1.5 eTSI 150 Life:petrol:150:auto:fwd:359900", "1.5 eHybrid Style:phev:204:auto:fwd:449900:19.7:143", "GTI Clubsport:petrol:300:auto:fwd:529900", "2.0 TDI 150 Style:diesel:150:auto:fwd:399900"),
		m("Passat", "estate", "PC", 5, 5, "1.5 eTSI 150 Business:petrol:150:auto:fwd:459900", "eHybrid Elegance:phev:204:auto:fwd:559900:19.7:133", "2.0 TDI 193 4Motion:diesel:193:auto:awd:559900"),
		m("Tiguan", "suv", "PC", 5, 5, "1.5 eTSI 150 Life:petrol:150:auto:fwd:449900", "eHybrid 272 R-Line:phev:272:auto:fwd:599900:19.7:121", "2.0 TDI 193 4Motion Elegance:diesel:193:auto:awd:589900"),
		m("T-Roc", "suv", "PC", 5, 5, "1.0 TSI 115 Life:petrol:115:manual:fwd:309900", "1.5 TSI 150 Style:petrol:150:auto:fwd:369900"),
		m("ID.3", "hatchback", "PC", 5, 5, "Pro 58 kWh:electric:204:auto:rwd:409900:59:426", "Pro S 77 kWh:electric:231:auto:rwd:479900:77:559"),
		m("ID.4", "suv", "PC", 5, 5, "Pro 77 kWh:electric:286:auto:rwd:529900:77:550", "GTX 4Motion:electric:340:auto:awd:609900:79:516"),
		m("ID.7", "sedan", "PC", 5, 5, "Pro 77 kWh:electric:286:auto:rwd:589900:77:621", "Pro S 86 kWh:electric:286:auto:rwd:649900:86:709"),
		m("Polo", "hatchback", "PC", 5, 5, "1.0 TSI 95 Life:petrol:95:manual:fwd:249900", "1.0 TSI 115 R-Line:petrol:115:auto:fwd:299900"),
		m("ID. Buzz", "mpv", "PC", 5, 5, "Pro 77 kWh:electric:286:auto:rwd:699900:77:423"),
		m("Transporter", "van", "LCV", 3, 4, "2.0 TDI 150 Skåp:diesel:150:manual:fwd:449900", "2.0 TDI 204 4Motion Skåp:diesel:204:auto:awd:559900"),
		m("Caddy", "van", "LCV", 2, 4, "Cargo 2.0 TDI 122:diesel:122:manual:fwd:299900", "Cargo Maxi 2.0 TDI 122 DSG:diesel:122:auto:fwd:349900"),
		m("Amarok", "pickup", "LCV", 5, 4, "3.0 TDI V6 Aventura:diesel:240:auto:awd:699900"),
	}},
	{Name: "Audi", Code: "AU", WMI: "WAU", Models: []modelSpec{
		m("A3 Sportback", "hatchback", "PC", 5, 5, "35 TFSI S line:petrol:150:auto:fwd:399900", "40 TFSI e:phev:204:auto:fwd:469900:19.7:141"),
		m("A4 Avant", "estate", "PC", 5, 5, "40 TDI quattro:diesel:204:auto:awd:559900", "35 TFSI Proline:petrol:150:auto:fwd:479900"),
		m("A6", "sedan", "PC", 5, 4, "50 TFSI e quattro:phev:299:auto:awd:729900:17.9:73", "40 TDI quattro Sport:diesel:204:auto:awd:669900"),
		m("Q3", "suv", "PC", 5, 5, "35 TFSI Advanced:petrol:150:auto:fwd:449900", "45 TFSI e:phev:245:auto:fwd:529900:19.7:119"),
		m("Q4 e-tron", "suv", "PC", 5, 5, "45 e-tron:electric:286:auto:rwd:589900:77:562", "55 e-tron quattro:electric:340:auto:awd:669900:77:514"),
		m("Q5", "suv", "PC", 5, 5, "40 TDI quattro:diesel:204:auto:awd:649900", "55 TFSI e quattro:phev:367:auto:awd:759900:17.9:62"),
		m("Q8 e-tron", "suv", "PC", 5, 5, "55 quattro:electric:408:auto:awd:999900:106:582"),
		m("e-tron GT", "sedan", "PC", 4, 4, "quattro:electric:530:auto:awd:1399900:97:488"),
	}},
	{Name: "Škoda", Code: "SK", WMI: "TMB", Models: []modelSpec{
		m("Octavia Kombi", "estate", "PC", 5, 5, "1.5 TSI 150 Style:petrol:150:auto:fwd:369900", "2.0 TDI 150 Style:diesel:150:auto:fwd:399900", "2.0 TDI 200 4x4 RS:diesel:200:auto:awd:489900", "1.4 TSI iV:phev:204:auto:fwd:429900:13:60"),
		m("Superb Kombi", "estate", "PC", 5, 5, "1.5 TSI iV Selection:phev:204:auto:fwd:529900:25.7:120", "2.0 TDI 193 4x4 L&K:diesel:193:auto:awd:589900"),
		m("Kodiaq", "suv", "PC", 7, 5, "2.0 TDI 193 4x4 Style:diesel:193:auto:awd:599900", "1.5 TSI iV Sportline:phev:204:auto:fwd:579900:25.7:113"),
		m("Enyaq", "suv", "PC", 5, 5, "85:electric:286:auto:rwd:519900:77:577", "85x 4x4:electric:286:auto:awd:569900:77:545"),
		m("Fabia", "hatchback", "PC", 5, 5, "1.0 TSI 95 Ambition:petrol:95:manual:fwd:239900", "1.0 TSI 115 Style DSG:petrol:115:auto:fwd:279900"),
		m("Karoq", "suv", "PC", 5, 5, "1.5 TSI 150 Style:petrol:150:auto:fwd:419900"),
		m("Elroq", "suv", "PC", 5, 5, "85:electric:286:auto:rwd:459900:77:580"),
	}},
	{Name: "Cupra", Code: "CU", WMI: "VSS", Models: []modelSpec{
		m("Born", "hatchback", "PC", 5, 5, "58 kWh 231:electric:231:auto:rwd:449900:59:425", "VZ 79 kWh:electric:326:auto:rwd:529900:79:570"),
		m("Formentor", "suv", "PC", 5, 5, "1.5 eTSI 150:petrol:150:auto:fwd:409900", "VZ e-Hybrid 272:phev:272:auto:fwd:539900:19.7:109"),
		m("Tavascan", "suv", "PC", 5, 5, "VZ 4Drive:electric:340:auto:awd:629900:77:522"),
	}},
	{Name: "Porsche", Code: "PO", WMI: "WP0", Models: []modelSpec{
		m("Taycan", "sedan", "PC", 4, 4, "4S:electric:598:auto:awd:1349900:105:642", "Base:electric:408:auto:rwd:1099900:89:590"),
		m("Macan", "suv", "PC", 5, 5, "Electric 4:electric:408:auto:awd:999900:100:613", "S:petrol:380:auto:awd:1049900"),
		m("Cayenne", "suv", "PC", 5, 5, "E-Hybrid:phev:470:auto:awd:1299900:25.9:90"),
		m("911", "coupe", "PC", 4, 2, "Carrera:petrol:394:auto:rwd:1599900", "Carrera S:petrol:480:auto:rwd:1899900"),
		m("718 Boxster", "convertible", "PC", 2, 2, "Style Edition:petrol:300:auto:rwd:949900"),
	}},
	{Name: "BMW", Code: "BM", WMI: "WBA", Models: []modelSpec{
		m("3-serie", "sedan", "PC", 5, 4, "330e xDrive M Sport:phev:292:auto:awd:589900:19.5:101", "320d xDrive:diesel:190:auto:awd:529900"),
		m("3-serie Touring", "estate", "PC", 5, 5, "330e xDrive M Sport:phev:292:auto:awd:609900:19.5:96", "320d xDrive:diesel:190:auto:awd:549900"),
		m("X3", "suv", "PC", 5, 5, "xDrive20d M Sport:diesel:197:auto:awd:679900", "30e xDrive:phev:299:auto:awd:729900:22.3:90"),
		m("X1", "suv", "PC", 5, 5, "sDrive18i:petrol:136:auto:fwd:429900", "xDrive25e:phev:245:auto:awd:529900:14.2:89"),
		m("iX1", "suv", "PC", 5, 5, "xDrive30:electric:313:auto:awd:599900:65:440"),
		m("i4", "sedan", "PC", 5, 5, "eDrive40:electric:340:auto:rwd:689900:81:590", "M50:electric:544:auto:awd:849900:81:520"),
		m("iX", "suv", "PC", 5, 5, "xDrive40:electric:326:auto:awd:899900:71:425"),
		m("5-serie Touring", "estate", "PC", 5, 5, "530e xDrive:phev:299:auto:awd:749900:19.4:88", "520d xDrive:diesel:197:auto:awd:689900"),
		m("X5", "suv", "PC", 5, 5, "xDrive50e M Sport:phev:489:auto:awd:1049900:25.7:100"),
		m("Z4", "convertible", "PC", 2, 2, "sDrive20i:petrol:197:auto:rwd:629900"),
	}},
	{Name: "Mercedes-Benz", Code: "MB", TRCode: "MB_TR", WMI: "W1K", Models: []modelSpec{
		m("A-Klass", "hatchback", "PC", 5, 5, "A 180:petrol:136:auto:fwd:389900", "A 250 e:phev:218:auto:fwd:469900:15.6:76"),
		m("C-Klass Kombi", "estate", "PC", 5, 5, "C 300 e 4MATIC:phev:313:auto:awd:669900:25.4:112", "C 220 d 4MATIC:diesel:200:auto:awd:599900"),
		m("GLC", "suv", "PC", 5, 5, "300 e 4MATIC:phev:313:auto:awd:779900:31.2:124", "220 d 4MATIC:diesel:197:auto:awd:699900"),
		m("EQA", "suv", "PC", 5, 5, "250+:electric:190:auto:fwd:549900:70.5:527"),
		m("EQE", "sedan", "PC", 5, 4, "350+:electric:292:auto:rwd:849900:90.6:639"),
		m("E-Klass", "sedan", "PC", 5, 4, "E 300 e 4MATIC:phev:313:auto:awd:799900:25.4:113"),
		m("CLA", "coupe", "PC", 5, 4, "CLA 200 Coupé:petrol:163:auto:fwd:449900"),
		m("Sprinter", "van", "LCV", 3, 4, "317 CDI Skåp:diesel:170:auto:rwd:529900", "eSprinter 113 kWh:electric:204:auto:fwd:799900:113:440"),
		m("Vito", "van", "LCV", 3, 4, "116 CDI Skåp:diesel:163:auto:fwd:429900"),
	}},
	{Name: "MINI", Code: "MN", WMI: "WMW", Models: []modelSpec{
		m("Cooper", "hatchback", "PC", 4, 3, "C:petrol:156:auto:fwd:339900", "E:electric:184:auto:fwd:379900:40.7:305", "SE:electric:218:auto:fwd:429900:54.2:402"),
		m("Countryman", "suv", "PC", 5, 5, "C:petrol:170:auto:fwd:429900", "SE ALL4:electric:313:auto:awd:559900:64.6:433"),
		m("Aceman", "suv", "PC", 5, 5, "E:electric:184:auto:fwd:389900:42.5:310", "SE:electric:218:auto:fwd:439900:54.2:406"),
	}},
	{Name: "smart", Code: "SM", WMI: "HES", Models: []modelSpec{
		m("#1", "suv", "PC", 5, 5, "Pro+:electric:272:auto:rwd:449900:66:440", "BRABUS:electric:428:auto:awd:549900:66:400"),
		m("#3", "suv", "PC", 5, 5, "Premium:electric:272:auto:rwd:479900:66:455"),
	}},
	{Name: "Volvo", Code: "VO", TRCode: "VO_TR", WMI: "YV1", Models: []modelSpec{
		m("XC40", "suv", "PC", 5, 5, "B3 Core:hybrid:163:auto:fwd:439900", "B4 Plus Dark:hybrid:197:auto:fwd:489900"),
		m("EX40", "suv", "PC", 5, 5, "Single Motor Extended Range Plus:electric:252:auto:rwd:549900:82:572", "Twin Motor Performance Ultra:electric:442:auto:awd:649900:82:505"),
		m("XC60", "suv", "PC", 5, 5, "B5 AWD Plus:hybrid:250:auto:awd:659900", "T6 AWD Recharge Plus:phev:350:auto:awd:749900:18.8:81", "B4 AWD Diesel Core:diesel:197:auto:awd:599900"),
		m("XC90", "suv", "PC", 7, 5, "B5 AWD Plus:hybrid:250:auto:awd:899900", "T8 AWD Recharge Ultra:phev:455:auto:awd:1049900:18.8:71"),
		m("V60", "estate", "PC", 5, 5, "B4 Core:hybrid:197:auto:fwd:469900", "T6 AWD Recharge Plus:phev:350:auto:awd:599900:18.8:90", "D4 Momentum:diesel:190:auto:fwd:419900"),
		m("V90", "estate", "PC", 5, 5, "B5 AWD Plus:hybrid:250:auto:awd:629900", "T8 AWD Recharge Ultimate:phev:455:auto:awd:799900:18.8:85"),
		m("EX30", "suv", "PC", 5, 5, "Single Motor Extended Range Plus:electric:272:auto:rwd:449900:69:476", "Twin Motor Performance Ultra:electric:428:auto:awd:529900:69:450"),
		m("EX90", "suv", "PC", 7, 5, "Twin Motor Plus:electric:408:auto:awd:1049900:111:600"),
		m("S60", "sedan", "PC", 5, 4, "B4 Plus:hybrid:197:auto:fwd:479900"),
		m("FH", "truck", "TRUCK", 2, 2, "500 4x2 Globetrotter:diesel:500:auto:rwd:1995000", "Electric 6x2:electric:666:auto:rwd:4295000:540:300"),
		m("FM", "truck", "TRUCK", 2, 2, "460 6x2 Distribution:diesel:460:auto:rwd:1895000"),
	}},
	{Name: "Polestar", Code: "PS", WMI: "LPS", Models: []modelSpec{
		m("2", "sedan", "PC", 5, 5, "Long range Single motor:electric:299:auto:rwd:549900:82:655", "Long range Dual motor Performance:electric:476:auto:awd:629900:82:568"),
		m("3", "suv", "PC", 5, 5, "Long range Dual motor:electric:489:auto:awd:899900:111:610"),
		m("4", "suv", "PC", 5, 5, "Long range Single motor:electric:272:auto:rwd:649900:100:620"),
	}},
	{Name: "Toyota", Code: "TO", TRCode: "TO_TR", WMI: "JTD", Models: []modelSpec{
		m("Corolla Touring Sports", "estate", "PC", 5, 5, "1.8 Hybrid Active:hybrid:140:auto:fwd:339900", "2.0 Hybrid GR Sport:hybrid:196:auto:fwd:399900"),
		m("RAV4", "suv", "PC", 5, 5, "2.5 Hybrid AWD-i Style:hybrid:222:auto:awd:529900", "2.5 Plug-in Hybrid:phev:306:auto:awd:629900:18.1:75"),
		m("Yaris", "hatchback", "PC", 5, 5, "1.5 Hybrid Active:hybrid:116:auto:fwd:269900", "1.5 Active:petrol:125:manual:fwd:229900"),
		m("Yaris Cross", "suv", "PC", 5, 5, "1.5 Hybrid Style:hybrid:116:auto:fwd:329900"),
		m("bZ4X", "suv", "PC", 5, 5, "FWD Executive:electric:218:auto:fwd:529900:71.4:516"),
		m("C-HR", "suv", "PC", 5, 5, "2.0 Hybrid Executive:hybrid:197:auto:fwd:439900"),
		m("Hilux", "pickup", "LCV", 5, 4, "2.8 D-4D Invincible:diesel:204:auto:awd:549900"),
		m("Proace", "van", "LCV", 3, 4, "2.0 D 145 Skåp:diesel:145:manual:fwd:389900"),
	}},
	{Name: "Kia", Code: "KI", WMI: "KNA", Models: []modelSpec{
		m("Niro", "suv", "PC", 5, 5, "HEV Advance:hybrid:141:auto:fwd:359900", "EV Advance Plus:electric:204:auto:fwd:449900:64.8:460"),
		m("Sportage", "suv", "PC", 5, 5, "1.6 T-GDI PHEV AWD GT-Line:phev:265:auto:awd:519900:13.8:70", "1.6 T-GDI HEV Action:hybrid:230:auto:fwd:439900"),
		m("EV6", "suv", "PC", 5, 5, "RWD 84 kWh Plus:electric:229:auto:rwd:549900:84:582", "GT-Line AWD:electric:325:auto:awd:619900:84:521"),
		m("EV9", "suv", "PC", 7, 5, "AWD GT-Line:electric:385:auto:awd:899900:99.8:505"),
		m("Ceed SW", "estate", "PC", 5, 5, "1.5 T-GDI 160 Advance:petrol:160:auto:fwd:309900", "1.6 GDI PHEV:phev:141:auto:fwd:359900:8.9:57"),
		m("EV3", "suv", "PC", 5, 5, "Long Range Plus:electric:204:auto:fwd:429900:81.4:605"),
	}},
	{Name: "Hyundai", Code: "HY", WMI: "KMH", Models: []modelSpec{
		m("Ioniq 5", "suv", "PC", 5, 5, "77 kWh RWD Advanced:electric:229:auto:rwd:539900:77.4:507", "84 kWh AWD:electric:325:auto:awd:599900:84:560"),
		m("Ioniq 6", "sedan", "PC", 5, 4, "77 kWh RWD:electric:229:auto:rwd:549900:77.4:614"),
		m("Tucson", "suv", "PC", 5, 5, "1.6 T-GDI HEV Essential:hybrid:230:auto:fwd:429900", "1.6 T-GDI PHEV 4WD Advanced:phev:265:auto:awd:519900:13.8:62"),
		m("Kona", "suv", "PC", 5, 5, "Electric 65 kWh Advanced:electric:218:auto:fwd:439900:65.4:514", "1.6 HEV Essential:hybrid:141:auto:fwd:339900"),
		m("i30 Kombi", "estate", "PC", 5, 5, "1.5 T-GDi 48V:petrol:160:auto:fwd:299900"),
		m("Staria", "mpv", "PC", 9, 5, "2.2 CRDi 4WD:diesel:177:auto:awd:529900"),
	}},
	{Name: "Ford", Code: "FO", TRCode: "FO_TR", WMI: "WF0", Models: []modelSpec{
		m("Kuga", "suv", "PC", 5, 5, "2.5 PHEV ST-Line:phev:243:auto:fwd:449900:14.4:69", "2.5 FHEV AWD Titanium:hybrid:183:auto:awd:429900"),
		m("Mustang Mach-E", "suv", "PC", 5, 5, "Extended Range RWD:electric:294:auto:rwd:619900:91:600", "GT AWD:electric:487:auto:awd:749900:91:510"),
		m("Puma", "suv", "PC", 5, 5, "1.0 EcoBoost Hybrid 125 ST-Line:hybrid:125:manual:fwd:299900"),
		m("Explorer", "suv", "PC", 5, 5, "Extended Range RWD:electric:286:auto:rwd:499900:77:602"),
		m("Transit Custom", "van", "LCV", 3, 4, "2.0 EcoBlue 136 Skåp:diesel:136:manual:fwd:399900"),
		m("E-Transit", "van", "LCV", 3, 4, "350 L3H2:electric:269:auto:rwd:749900:68:317"),
		m("Ranger", "pickup", "LCV", 5, 4, "2.0 EcoBlue Wildtrak:diesel:205:auto:awd:599900"),
	}},
	{Name: "Renault", Code: "RE", TRCode: "RE_TR", WMI: "VF1", Models: []modelSpec{
		m("Clio", "hatchback", "PC", 5, 5, "TCe 90 Evolution:petrol:90:manual:fwd:219900", "E-Tech Full Hybrid 145:hybrid:145:auto:fwd:279900"),
		m("Megane E-Tech", "suv", "PC", 5, 5, "EV60 220 Techno:electric:220:auto:fwd:429900:60:450"),
		m("Captur", "suv", "PC", 5, 5, "E-Tech Full Hybrid 145 Techno:hybrid:145:auto:fwd:319900"),
		m("Austral", "suv", "PC", 5, 5, "E-Tech Full Hybrid 200 Iconic:hybrid:200:auto:fwd:419900"),
		m("Scenic E-Tech", "suv", "PC", 5, 5, "Long Range Iconic:electric:220:auto:fwd:519900:87:625"),
		m("Kangoo", "van", "LCV", 2, 4, "Van Blue dCi 95:diesel:95:manual:fwd:269900", "E-Tech Electric Van:electric:122:auto:fwd:379900:45:300"),
	}},
	{Name: "Peugeot", Code: "PE", TRCode: "PE_TR", WMI: "VF3", Models: []modelSpec{
		m("208", "hatchback", "PC", 5, 5, "PureTech 100 Allure:petrol:100:manual:fwd:239900", "e-208 GT:electric:156:auto:fwd:389900:51:410"),
		m("3008", "suv", "PC", 5, 5, "Hybrid 136 Allure:hybrid:136:auto:fwd:409900", "E-3008 GT:electric:210:auto:fwd:499900:73:527"),
		m("2008", "suv", "PC", 5, 5, "e-2008 Allure:electric:156:auto:fwd:399900:54:406", "PureTech 130 GT:petrol:130:auto:fwd:329900"),
		m("308 SW", "estate", "PC", 5, 5, "Hybrid 180 GT:phev:180:auto:fwd:429900:17.2:83"),
		m("Partner", "van", "LCV", 3, 4, "BlueHDi 100 Skåp:diesel:100:manual:fwd:259900"),
	}},
	{Name: "Nissan", Code: "NI", WMI: "SJN", Models: []modelSpec{
		m("Qashqai", "suv", "PC", 5, 5, "1.3 DIG-T Mild Hybrid N-Connecta:petrol:158:auto:fwd:349900", "e-Power Tekna:hybrid:190:auto:fwd:419900"),
		m("Leaf", "hatchback", "PC", 5, 5, "40 kWh N-Connecta:electric:150:auto:fwd:339900:40:270"),
		m("Ariya", "suv", "PC", 5, 5, "87 kWh Evolve:electric:242:auto:fwd:569900:87:533", "e-4ORCE 87 kWh:electric:306:auto:awd:629900:87:498"),
		m("X-Trail", "suv", "PC", 7, 5, "e-4ORCE Tekna:hybrid:213:auto:awd:519900"),
	}},
	{Name: "Tesla", Code: "TE", WMI: "LRW", Models: []modelSpec{
		m("Model 3", "sedan", "PC", 5, 4, "Long Range AWD:electric:498:auto:awd:509900:78:629", "RWD:electric:283:auto:rwd:449900:60:513"),
		m("Model Y", "suv", "PC", 5, 5, "Long Range AWD:electric:514:auto:awd:549900:78:586", "RWD:electric:299:auto:rwd:479900:60:455"),
	}},
	{Name: "MG", Code: "MG", WMI: "LSJ", Models: []modelSpec{
		m("MG4", "hatchback", "PC", 5, 5, "Comfort 64 kWh:electric:204:auto:rwd:349900:64:435", "XPOWER:electric:435:auto:awd:429900:64:385"),
		m("ZS", "suv", "PC", 5, 5, "EV Long Range Luxury:electric:156:auto:fwd:339900:72.6:440", "Hybrid+ Luxury:hybrid:197:auto:fwd:289900"),
		m("HS", "suv", "PC", 5, 5, "PHEV Luxury:phev:272:auto:fwd:389900:24.7:120"),
	}},
	{Name: "Fiat", Code: "FI", TRCode: "FI_TR", WMI: "ZFA", Models: []modelSpec{
		m("500e", "hatchback", "PC", 4, 3, "La Prima 42 kWh:electric:118:auto:fwd:339900:42:320"),
		m("600", "suv", "PC", 5, 5, "Hybrid 100 La Prima:hybrid:100:auto:fwd:279900", "600e La Prima:electric:156:auto:fwd:399900:54:409"),
		m("Ducato", "van", "LCV", 3, 4, "2.2 MultiJet 140 Skåp L3H2:diesel:140:manual:fwd:419900", "E-Ducato 110 kWh:electric:270:auto:fwd:749900:110:420"),
		m("Doblò", "van", "LCV", 2, 4, "1.5 BlueHDi 100 Skåp:diesel:100:manual:fwd:249900"),
	}},
	{Name: "MAN", Code: "MH", TRCode: "MH_TR", WMI: "WMA", Models: []modelSpec{
		m("TGE", "van", "LCV", 3, 4, "3.180 Skåp 4x2:diesel:177:auto:fwd:499900"),
		m("TGX", "truck", "TRUCK", 2, 2, "18.520 4x2 BLS:diesel:520:auto:rwd:1895000", "26.510 6x2 LL:diesel:510:auto:rwd:2095000"),
		m("TGS", "truck", "TRUCK", 2, 2, "26.470 6x4 BB Tipp:diesel:470:auto:awd:2295000"),
		m("eTGM", "truck", "TRUCK", 2, 2, "26.360 6x2 Distribution:electric:360:auto:rwd:3495000:185:200"),
	}},
	{Name: "Scania", Code: "SC", TRCode: "SC_TR", WMI: "YS2", Models: []modelSpec{
		m("R-serie", "truck", "TRUCK", 2, 2, "R 450 A4x2NA:diesel:450:auto:rwd:1795000", "R 540 A6x2NB:diesel:540:auto:rwd:2195000"),
		m("S-serie", "truck", "TRUCK", 2, 2, "S 500 A4x2NB:diesel:500:auto:rwd:2095000"),
		m("P-serie", "truck", "TRUCK", 2, 2, "P 280 B4x2NB Distribution:diesel:280:auto:rwd:1495000", "25 P BEV 6x2:electric:410:auto:rwd:3895000:416:350"),
	}},
}

// brandClusters are the brand line-ups dealer sites carry, like the
// franchises of real dealer groups. Indexes into demoBrands by name.
var brandClusters = [][]string{
	{"Volkswagen", "Audi", "Škoda", "Cupra"},
	{"Volvo", "Polestar"},
	{"BMW", "MINI", "Mercedes-Benz", "smart"},
	{"Toyota", "Kia", "Hyundai"},
	{"Ford", "Renault", "Peugeot", "Fiat"},
	{"Nissan", "MG", "Tesla"},
	{"Volkswagen", "Audi", "Porsche"},
	{"MAN", "Scania"},
}

// town is a real place with its coordinates, region, postcode prefix and
// telephone area code.
type town struct {
	City, Area  string // Area distinguishes several sites of one city
	WebsiteCity string
	Region      string
	Lat, Lon    float64
	Zip         string // postcode prefix
	AreaCode    string
	Weight      int // relative stock size
}

// swedishTowns are the dealer sites of group-se: real towns and their
// coordinates (WGS 84).
var swedishTowns = []town{
	{"Stockholm", "Kungsholmen", "Stockholm", "Stockholms län", 59.3326, 18.0300, "112", "08", 6},
	{"Stockholm", "Bromma", "Stockholm", "Stockholms län", 59.3380, 17.9390, "168", "08", 5},
	{"Stockholm", "Kista", "Stockholm", "Stockholms län", 59.4032, 17.9448, "164", "08", 5},
	{"Stockholm", "Skärholmen", "Stockholm", "Stockholms län", 59.2770, 17.9070, "127", "08", 5},
	{"Solna", "", "Stockholm", "Stockholms län", 59.3600, 18.0009, "171", "08", 4},
	{"Täby", "", "Stockholm", "Stockholms län", 59.4439, 18.0687, "187", "08", 4},
	{"Nacka", "", "Stockholm", "Stockholms län", 59.3105, 18.1637, "131", "08", 4},
	{"Järfälla", "Barkarby", "Stockholm", "Stockholms län", 59.4158, 17.8680, "177", "08", 5},
	{"Haninge", "", "Stockholm", "Stockholms län", 59.1687, 18.1374, "136", "08", 3},
	{"Södertälje", "", "Södertälje", "Stockholms län", 59.1955, 17.6253, "151", "08", 3},
	{"Norrtälje", "", "Norrtälje", "Stockholms län", 59.7580, 18.7050, "761", "0176", 2},
	{"Göteborg", "Hisingen", "Göteborg", "Västra Götalands län", 57.7210, 11.9400, "417", "031", 6},
	{"Göteborg", "Mölndal", "Göteborg", "Västra Götalands län", 57.6554, 12.0138, "431", "031", 5},
	{"Göteborg", "Kållered", "Göteborg", "Västra Götalands län", 57.6100, 12.0500, "428", "031", 4},
	{"Malmö", "Bulltofta", "Malmö", "Skåne län", 55.6010, 13.0650, "212", "040", 5},
	{"Malmö", "Svågertorp", "Malmö", "Skåne län", 55.5530, 12.9980, "215", "040", 4},
	{"Uppsala", "", "Uppsala", "Uppsala län", 59.8586, 17.6389, "753", "018", 4},
	{"Enköping", "", "Enköping", "Uppsala län", 59.6361, 17.0777, "745", "0171", 2},
	{"Västerås", "", "Västerås", "Västmanlands län", 59.6099, 16.5448, "721", "021", 4},
	{"Örebro", "", "Örebro", "Örebro län", 59.2741, 15.2066, "702", "019", 4},
	{"Linköping", "", "Linköping", "Östergötlands län", 58.4108, 15.6214, "582", "013", 4},
	{"Norrköping", "", "Norrköping", "Östergötlands län", 58.5877, 16.1924, "602", "011", 4},
	{"Motala", "", "Motala", "Östergötlands län", 58.5371, 15.0365, "591", "0141", 2},
	{"Helsingborg", "", "Helsingborg", "Skåne län", 56.0465, 12.6945, "252", "042", 4},
	{"Lund", "", "Lund", "Skåne län", 55.7047, 13.1910, "224", "046", 3},
	{"Kristianstad", "", "Kristianstad", "Skåne län", 56.0294, 14.1567, "291", "044", 3},
	{"Ängelholm", "", "Ängelholm", "Skåne län", 56.2428, 12.8622, "262", "0431", 2},
	{"Jönköping", "", "Jönköping", "Jönköpings län", 57.7826, 14.1618, "553", "036", 4},
	{"Umeå", "", "Umeå", "Västerbottens län", 63.8258, 20.2630, "903", "090", 3},
	{"Skellefteå", "", "Skellefteå", "Västerbottens län", 64.7507, 20.9528, "931", "0910", 2},
	{"Gävle", "", "Gävle", "Gävleborgs län", 60.6749, 17.1413, "802", "026", 3},
	{"Borås", "", "Borås", "Västra Götalands län", 57.7210, 12.9401, "504", "033", 3},
	{"Trollhättan", "", "Trollhättan", "Västra Götalands län", 58.2837, 12.2886, "461", "0520", 2},
	{"Skövde", "", "Skövde", "Västra Götalands län", 58.3903, 13.8461, "541", "0500", 2},
	{"Uddevalla", "", "Uddevalla", "Västra Götalands län", 58.3498, 11.9424, "451", "0522", 2},
	{"Eskilstuna", "", "Eskilstuna", "Södermanlands län", 59.3666, 16.5077, "632", "016", 3},
	{"Nyköping", "", "Nyköping", "Södermanlands län", 58.7530, 17.0079, "611", "0155", 2},
	{"Halmstad", "", "Halmstad", "Hallands län", 56.6745, 12.8578, "302", "035", 3},
	{"Varberg", "", "Varberg", "Hallands län", 57.1056, 12.2508, "432", "0340", 2},
	{"Växjö", "", "Växjö", "Kronobergs län", 56.8777, 14.8091, "352", "0470", 3},
	{"Karlstad", "", "Karlstad", "Värmlands län", 59.3793, 13.5036, "652", "054", 3},
	{"Sundsvall", "", "Sundsvall", "Västernorrlands län", 62.3908, 17.3069, "852", "060", 3},
	{"Luleå", "", "Luleå", "Norrbottens län", 65.5848, 22.1547, "972", "0920", 3},
	{"Kiruna", "", "Kiruna", "Norrbottens län", 67.8558, 20.2253, "981", "0980", 1},
	{"Östersund", "", "Östersund", "Jämtlands län", 63.1792, 14.6357, "831", "063", 2},
	{"Kalmar", "", "Kalmar", "Kalmar län", 56.6634, 16.3568, "392", "0480", 2},
	{"Karlskrona", "", "Karlskrona", "Blekinge län", 56.1612, 15.5869, "371", "0455", 2},
	{"Falun", "", "Falun", "Dalarnas län", 60.6065, 15.6355, "791", "023", 2},
	{"Borlänge", "", "Borlänge", "Dalarnas län", 60.4858, 15.4371, "784", "0243", 2},
	{"Visby", "", "Visby", "Gotlands län", 57.6348, 18.2948, "621", "0498", 1},
}

var ukTowns = []town{
	{"London", "Park Royal", "London", "Greater London", 51.5290, -0.2800, "NW10", "020", 6},
	{"London", "Croydon", "London", "Greater London", 51.3762, -0.0982, "CR0", "020", 5},
	{"Manchester", "", "Manchester", "Greater Manchester", 53.4808, -2.2426, "M1", "0161", 5},
	{"Birmingham", "", "Birmingham", "West Midlands", 52.4862, -1.8904, "B1", "0121", 5},
	{"Leeds", "", "Leeds", "West Yorkshire", 53.8008, -1.5491, "LS1", "0113", 4},
	{"Sheffield", "", "Sheffield", "South Yorkshire", 53.3811, -1.4701, "S1", "0114", 3},
	{"Bristol", "", "Bristol", "South West", 51.4545, -2.5879, "BS1", "0117", 4},
	{"Exeter", "", "Exeter", "South West", 50.7184, -3.5339, "EX1", "01392", 2},
	{"Southampton", "", "Southampton", "South East", 50.9097, -1.4044, "SO14", "023", 3},
	{"Reading", "", "Reading", "South East", 51.4543, -0.9781, "RG1", "0118", 3},
	{"Oxford", "", "Oxford", "South East", 51.7520, -1.2577, "OX1", "01865", 2},
	{"Milton Keynes", "", "Milton Keynes", "South East", 52.0406, -0.7594, "MK9", "01908", 3},
	{"Cambridge", "", "Cambridge", "East of England", 52.2053, 0.1218, "CB1", "01223", 2},
	{"Norwich", "", "Norwich", "East of England", 52.6309, 1.2974, "NR1", "01603", 2},
	{"Nottingham", "", "Nottingham", "East Midlands", 52.9548, -1.1581, "NG1", "0115", 3},
	{"Leicester", "", "Leicester", "East Midlands", 52.6369, -1.1398, "LE1", "0116", 3},
	{"York", "", "York", "Yorkshire and the Humber", 53.9590, -1.0815, "YO1", "01904", 2},
	{"Newcastle upon Tyne", "", "Newcastle", "North East", 54.9783, -1.6178, "NE1", "0191", 3},
	{"Glasgow", "", "Glasgow", "Scotland", 55.8642, -4.2518, "G1", "0141", 4},
	{"Edinburgh", "", "Edinburgh", "Scotland", 55.9533, -3.1883, "EH1", "0131", 3},
	{"Cardiff", "", "Cardiff", "Wales", 51.4816, -3.1791, "CF10", "029", 3},
}

var norwegianTowns = []town{
	{"Oslo", "Alnabru", "Oslo", "Oslo", 59.9290, 10.8430, "0668", "22", 4},
	{"Oslo", "Skøyen", "Oslo", "Oslo", 59.9220, 10.6790, "0278", "22", 3},
	{"Bergen", "", "Bergen", "Vestland", 60.3913, 5.3221, "5003", "55", 3},
	{"Trondheim", "", "Trondheim", "Trøndelag", 63.4305, 10.3951, "7011", "73", 3},
	{"Stavanger", "", "Stavanger", "Rogaland", 58.9700, 5.7331, "4006", "51", 2},
	{"Drammen", "", "Drammen", "Buskerud", 59.7440, 10.2045, "3015", "32", 2},
	{"Kristiansand", "", "Kristiansand", "Agder", 58.1467, 7.9956, "4611", "38", 2},
}

var finnishTowns = []town{
	{"Helsinki", "", "Helsinki", "Uusimaa", 60.1699, 24.9384, "00100", "09", 4},
	{"Espoo", "", "Espoo", "Uusimaa", 60.2055, 24.6559, "02100", "09", 3},
	{"Vantaa", "", "Vantaa", "Uusimaa", 60.2934, 25.0378, "01510", "09", 3},
	{"Tampere", "", "Tampere", "Pirkanmaa", 61.4978, 23.7610, "33100", "03", 3},
	{"Turku", "", "Turku", "Varsinais-Suomi", 60.4518, 22.2666, "20100", "02", 2},
	{"Oulu", "", "Oulu", "Pohjois-Pohjanmaa", 65.0121, 25.4651, "90100", "08", 2},
}

var danishTowns = []town{
	{"København", "Glostrup", "København", "Region Hovedstaden", 55.6666, 12.3999, "2600", "43", 4},
	{"Aarhus", "", "Aarhus", "Region Midtjylland", 56.1629, 10.2039, "8000", "86", 3},
	{"Odense", "", "Odense", "Region Syddanmark", 55.4038, 10.4024, "5000", "66", 3},
	{"Aalborg", "", "Aalborg", "Region Nordjylland", 57.0488, 9.9217, "9000", "98", 2},
	{"Esbjerg", "", "Esbjerg", "Region Syddanmark", 55.4765, 8.4594, "6700", "75", 2},
}

var slovakTowns = []town{
	{"Bratislava", "Ružinov", "Bratislava", "Bratislavský kraj", 48.1486, 17.1077, "821 04", "02", 4},
	{"Košice", "", "Košice", "Košický kraj", 48.7164, 21.2611, "040 01", "055", 3},
	{"Žilina", "", "Žilina", "Žilinský kraj", 49.2231, 18.7394, "010 01", "041", 2},
	{"Nitra", "", "Nitra", "Nitriansky kraj", 48.3069, 18.0864, "949 01", "037", 2},
	{"Banská Bystrica", "", "Banská Bystrica", "Banskobystrický kraj", 48.7395, 19.1535, "974 01", "048", 2},
	{"Trnava", "", "Trnava", "Trnavský kraj", 48.3774, 17.5872, "917 01", "033", 2},
}

var euTowns = []town{
	{"Brussels", "Zaventem", "Brussels", "Brussels-Capital", 50.8830, 4.4720, "1930", "02", 3},
	{"Amsterdam", "", "Amsterdam", "Noord-Holland", 52.3676, 4.9041, "1012", "020", 3},
	{"Hamburg", "", "Hamburg", "Hamburg", 53.5511, 9.9937, "20095", "040", 3},
}

// Staff names per language.
var firstNames = map[string][]string{
	"sv": {"Anna", "Erik", "Maria", "Lars", "Karin", "Johan", "Sara", "Anders", "Emma", "Mikael", "Elin", "Per", "Linda", "Fredrik", "Johanna", "Magnus", "Sofia", "Daniel", "Ida", "Henrik", "Emil", "Lina", "Oscar", "Maja", "Niklas", "Jenny", "Patrik", "Frida", "Jonas", "Camilla", "Björn", "Åsa"},
	"en": {"James", "Oliver", "Sophie", "Emily", "Harry", "Jack", "Charlotte", "Amelia", "George", "Thomas", "Jessica", "Lucy", "William", "Hannah", "Daniel", "Chloe", "Samuel", "Grace", "Matthew", "Ella"},
	"nb": {"Ole", "Kari", "Lars", "Ingrid", "Jonas", "Nora", "Magnus", "Ida", "Henrik", "Sofie", "Bjørn", "Marte"},
	"da": {"Mads", "Sofie", "Frederik", "Emma", "Rasmus", "Ida", "Mikkel", "Freja", "Søren", "Laura"},
	"fi": {"Mikko", "Anna", "Juha", "Laura", "Timo", "Hanna", "Antti", "Elina", "Jari", "Sanna", "Päivi", "Ville"},
	"sk": {"Peter", "Jana", "Martin", "Zuzana", "Tomáš", "Lucia", "Michal", "Katarína", "Juraj", "Eva"},
}

var lastNames = map[string][]string{
	"sv": {"Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson", "Gustafsson", "Pettersson", "Jonsson", "Jansson", "Hansson", "Bengtsson", "Jönsson", "Lindberg", "Jakobsson", "Magnusson", "Lindström", "Olofsson", "Lindqvist", "Lindgren", "Berg", "Axelsson", "Bergström", "Lundberg", "Lundgren", "Mattsson", "Åberg"},
	"en": {"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke"},
	"nb": {"Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen", "Kristiansen", "Jensen", "Karlsen", "Haugen", "Bakken"},
	"da": {"Nielsen", "Jensen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen", "Rasmussen", "Jørgensen"},
	"fi": {"Korhonen", "Virtanen", "Mäkinen", "Nieminen", "Mäkelä", "Hämäläinen", "Laine", "Heikkinen", "Koskinen", "Järvinen", "Lehtonen", "Saarinen"},
	"sk": {"Horváth", "Kováč", "Varga", "Tóth", "Nagy", "Baláž", "Molnár", "Szabó", "Lukáč", "Novák"},
}

// Swedish equipment and its English counterpart, index for index.
var equipmentSV = []string{
	"Adaptiv farthållare", "Backkamera", "Parkeringssensorer fram och bak", "Apple CarPlay", "Android Auto",
	"Navigationssystem", "Elstolar med minne", "Stolsvärme fram", "Rattvärme", "Dragkrok", "Panoramaglastak",
	"LED-strålkastare", "Nyckellöst lås- och startsystem", "Head-up display", "360-graderskamera", "Elbaklucka",
	"Motorvärmare", "Vinterhjul", "Trådlös mobilladdning", "Klimatanläggning 2-zon", "Filhållningsassistent",
	"Dödavinkelvarnare", "Läderklädsel", "Premiumljudsystem", "Aluminiumfälgar 18\"", "Takrails",
	"Tonade rutor bak", "Förvärmning via app", "Isofix", "Digital instrumentpanel",
}

var equipmentEN = []string{
	"Adaptive cruise control", "Reversing camera", "Front and rear parking sensors", "Apple CarPlay", "Android Auto",
	"Satellite navigation", "Electric memory seats", "Heated front seats", "Heated steering wheel", "Tow bar", "Panoramic roof",
	"LED headlights", "Keyless entry and start", "Head-up display", "360-degree camera", "Power tailgate",
	"Engine block heater", "Winter wheels", "Wireless phone charging", "Dual-zone climate control", "Lane keeping assist",
	"Blind spot monitoring", "Leather upholstery", "Premium sound system", "18\" alloy wheels", "Roof rails",
	"Privacy glass", "Pre-conditioning via app", "Isofix", "Digital instrument cluster",
}

var streetsSV = []string{"Bilvägen", "Industrigatan", "Verkstadsgatan", "Fabriksvägen", "Mässvägen", "Handelsvägen", "Bultgatan", "Kolvgatan", "Montörgatan", "Förrådsvägen", "Kopparvägen", "Smedjegatan"}
var streetsEN = []string{"Western Avenue", "Motor Park Way", "Station Road", "Mill Lane", "Victoria Road", "Park Road", "Enterprise Way", "Brunel Road", "Kingsway", "Commerce Way"}
