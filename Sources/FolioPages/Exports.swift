@_exported import FolioMarkup
