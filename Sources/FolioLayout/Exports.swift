@_exported import FolioText
