; The Scribe Desk installer for Windows (NSIS 3, `makensis`), built by
; packaging/windows/build.sh:
;   makensis -DVERSION=0.1.0 -DEXE=scribe.exe -DCOM=scribe.com -DOUT=setup.exe installer.nsi
;
; - per user, no administrator rights: the program goes to
;   %LOCALAPPDATA%\Programs\Scribe Desk, the shortcut to the user's Start menu,
;   the registry entries to HKEY_CURRENT_USER;
; - silent with /S (install and uninstall), a folder with /D=C:\Somewhere;
; - saved games (.ron) open in Scribe Desk: the file type "Scribe Desk game"
;   is registered and offered under "Open with"; it becomes the default for
;   .ron only where no program has claimed .ron already (.ron is also Rusty
;   Object Notation, which a developer's editor may own);
; - the uninstaller removes the program, its shortcuts and registry entries,
;   and never the player's games, settings or library (%APPDATA%\scribe-desk).

; a 64-bit installer for a 64-bit program (Windows 10 and 11 on x64)
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!ifndef VERSION
  !error "give -DVERSION=x.y.z"
!endif
!ifndef EXE
  !error "give -DEXE=path to scribe.exe"
!endif
!ifndef COM
  !error "give -DCOM=path to scribe.com (the terminal's launcher)"
!endif
!ifndef OUT
  !define OUT "ScribeDesk-${VERSION}-setup.exe"
!endif

!define NAME "Scribe Desk"
!define PUBLISHER "The Scribe Desk developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\ScribeDesk"
!define PROGID "ScribeDesk.Game"

Name "${NAME}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
InstallDirRegKey HKCU "Software\ScribeDesk" "InstallDir"
BrandingText "${NAME} ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${NAME} installer"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "Scribe (c) Mark Steere; Scribe Desk: MIT or Apache-2.0"

!include "MUI2.nsh"
!define MUI_ICON "scribe.ico"
!define MUI_UNICON "scribe.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\scribe.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start Scribe Desk"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Scribe Desk" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "/oname=scribe.exe" "${EXE}"
  ; `scribe …` in a terminal finds scribe.com first, which waits for scribe.exe
  File "/oname=scribe.com" "${COM}"
  File "/oname=README.txt" "README.txt"
  ; the page templates for `scribe boards --template` and the font's licence
  SetOutPath "$INSTDIR\templates"
  File "templates\*.ron"
  SetOutPath "$INSTDIR\fonts"
  File "/oname=OFL.txt" "OFL.txt"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${NAME}.lnk" "$INSTDIR\scribe.exe" "" "$INSTDIR\scribe.exe" 0 \
    SW_SHOWNORMAL "" "Play Mark Steere's game Scribe"

  ; saved games: the file type, and .ron's "Open with" list
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "Scribe Desk game"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\scribe.exe,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\scribe.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}" ""
  ; the default only where nobody has claimed .ron (ours from an earlier install is fine)
  ReadRegStr $0 HKCR ".ron" ""
  StrCmp $0 "" claim
  StrCmp $0 "${PROGID}" claim done
  claim:
    WriteRegStr HKCU "Software\Classes\.ron" "" "${PROGID}"
  done:
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  ; Settings > Apps lists it, with its uninstaller
  WriteRegStr HKCU "Software\ScribeDesk" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\scribe.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  ; the program and what the installer wrote; the player's games, settings
  ; and library live in %APPDATA%\scribe-desk and are never touched
  Delete "$INSTDIR\scribe.exe"
  Delete "$INSTDIR\scribe.com"
  Delete "$INSTDIR\README.txt"
  ; the installer's own folders (the player's files are never kept here)
  RMDir /r "$INSTDIR\templates"
  RMDir /r "$INSTDIR\fonts"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${NAME}.lnk"

  DeleteRegValue HKCU "Software\Classes\.ron\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.ron\OpenWithProgids"
  ReadRegStr $0 HKCU "Software\Classes\.ron" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegValue HKCU "Software\Classes\.ron" ""
  DeleteRegKey /ifempty HKCU "Software\Classes\.ron"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\ScribeDesk"
SectionEnd
