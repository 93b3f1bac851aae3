; Inno Setup script of PRISM Desktop for Windows. Not built on this project's machines (Linux only):
; on Windows, build the onedir bundle first, then compile this script with Inno Setup 6:
;   py -m pip install dist\prism_desktop-<version>-py3-none-any.whl pyinstaller
;   pyinstaller --noconfirm packaging\pyinstaller\prism-desktop.spec
;   iscc /DAppVersion=<version> packaging\windows\prism-desktop.iss
; The installer puts the bundle under Program Files, adds a Start-menu entry with the icon and the
; command to PATH for the current user, and removes all of it on uninstall (the results store and
; logs under %LOCALAPPDATA%\prism-desktop stay, as they are the user's data).

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{6C1D3B1E-4E0B-4C6A-9F2E-5A1C0D7E9B21}
AppName=PRISM Desktop
AppVersion={#AppVersion}
AppPublisher=PRISM Desktop developers
DefaultDirName={autopf}\PRISM Desktop
DefaultGroupName=PRISM Desktop
OutputBaseFilename=prism-desktop-{#AppVersion}-windows-setup
SetupIconFile=..\linux\icons\prism-desktop.ico
UninstallDisplayIcon={app}\prism-desktop.exe
Compression=lzma2
SolidCompression=yes
ArchitecturesInstallIn64BitMode=x64compatible
ChangesEnvironment=yes
PrivilegesRequiredOverridesAllowed=dialog

[Languages]
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"

[Files]
Source: "..\..\dist\prism-desktop\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\PRISM Desktop"; Filename: "{app}\prism-desktop.exe"; IconFilename: "{app}\prism-desktop.exe"
Name: "{group}\{cm:UninstallProgram,PRISM Desktop}"; Filename: "{uninstallexe}"

[Registry]
Root: HKCU; Subkey: "Environment"; ValueType: expandsz; ValueName: "Path"; ValueData: "{olddata};{app}"; \
  Check: NeedsAddPath(ExpandConstant('{app}'))

[Code]
function NeedsAddPath(Dir: string): Boolean;
var
  Current: string;
begin
  if not RegQueryStringValue(HKCU, 'Environment', 'Path', Current) then
    Result := True
  else
    Result := Pos(';' + Uppercase(Dir) + ';', ';' + Uppercase(Current) + ';') = 0;
end;
