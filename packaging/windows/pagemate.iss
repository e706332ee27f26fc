; Inno Setup 6 script: a per-user Windows installer for the PyInstaller bundle in dist\pagemate\.
; Build the bundle first (see packaging/README.md), then: iscc packaging\windows\pagemate.iss
; Installs without administrator rights into %LOCALAPPDATA%\Programs\Pagemate, adds a Start menu
; entry, and declares Pagemate for .epub and .cbz files. Uninstalling removes all of it; the
; library in %APPDATA%\Pagemate is kept.

#define AppName "Pagemate"
#define AppVersion "0.1.0"
#define AppExe "pagemate.exe"
#define ProgIdEpub "Pagemate.epub"
#define ProgIdCbz "Pagemate.cbz"

[Setup]
AppId={{6F4C1E0B-3D2A-4B8E-9C51-7A0E2B9D4F61}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\..\dist
OutputBaseFilename=Pagemate-{#AppVersion}-setup
SetupIconFile=..\..\assets\icons\pagemate.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Files]
Source: "..\..\dist\pagemate\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"

[Registry]
; "Open with" for both types; the default where the user has not chosen another app.
Root: HKA; Subkey: "Software\Classes\.epub\OpenWithProgids"; ValueType: string; ValueName: "{#ProgIdEpub}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgIdEpub}"; ValueType: string; ValueName: ""; ValueData: "EPUB book"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgIdEpub}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgIdEpub}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.cbz\OpenWithProgids"; ValueType: string; ValueName: "{#ProgIdCbz}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgIdCbz}"; ValueType: string; ValueName: ""; ValueData: "Comic book archive"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgIdCbz}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgIdCbz}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".epub"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".cbz"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
