; Inno Setup 6 script: a per-user Windows installer for the PyInstaller bundle in dist\pagemate\.
; Build the bundle first (see packaging/README.md), then: iscc packaging\windows\pagemate.iss
; Installs without administrator rights into %LOCALAPPDATA%\Programs\Pagemate, adds a Start menu
; entry, and declares Pagemate for every book and comic type it opens (file-types.iss).
; Uninstalling removes all of it; the library in %APPDATA%\Pagemate is kept.

#define AppName "Pagemate"
#define AppVersion "0.1.0"
#define AppExe "pagemate.exe"

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

; Every type of reader_app/books/opening/file_kinds.py: "Open with" for all, the default (where the
; user has not chosen another app) for books and comics but never for PDF and plain text.
; Generated from the list by packaging/file_associations.py; do not edit it by hand.
#include AddBackslash(SourcePath) + "file-types.iss"

[Run]
Filename: "{app}\{#AppExe}"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
