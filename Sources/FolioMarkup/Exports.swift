@_exported import FolioLayout
@_exported import FolioRender
