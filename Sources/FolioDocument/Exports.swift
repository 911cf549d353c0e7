// FolioDocument is the whole document layer: the input side (FolioMarkup) and the page
// builder (FolioPages), with the jobs that run a document through both.
@_exported import FolioMarkup
@_exported import FolioPages
