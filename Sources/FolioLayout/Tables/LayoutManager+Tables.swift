// Tables, part two: a table in the flow. Its rows are placed container by container;
// the header rows repeat at the top of every part, the footer rows at the bottom of
// every part a break ends; a row too tall for the room left splits between lines.

extension LayoutManager {
    /// Lays out the table whose first cell is paragraph `index` (already shaped as `first`).
    func layoutTable(at index: Int, first: ShapedParagraph) {
        // The whole table, however long, is in the storage before it is measured.
        if expectsMoreText, let table = first.style.textBlock(atDepth: 0)?.table {
            while expectsMoreText, textStorage.paragraphStyle(ofParagraph: settledParagraphCount - 1).textBlock(atDepth: 0)?.table === table {
                takeSuppliedText()
            }
        }
        let table = TableStructure(storage: textStorage, from: index, depth: 0, limit: textStorage.paragraphCount)
        let t = table.table
        let last = table.paragraphs.upperBound - 1
        let record = ParagraphRecord(cursor: cursor, firstFragment: forgottenFragments + fragments.count, tableStart: index)
        records.append(record, repeats: table.paragraphs.count)
        paragraphsLaidOut += table.paragraphs.count
        var primed: ShapedParagraph? = first
        let shapes = TableShapes { [unowned self] i in
            if i == index, let p = primed { primed = nil; return p }
            return self.shapedParagraph(i)
        }
        pendingRequest = ContainerRequest(characterIndex: first.storageOffset, breakBefore: .none)
        let style = first.style
        if style.breakBefore != .none, cursor.linesInContainer > 0 || !cursor.band.isEmpty {
            cursor = FlowCursor(containerIndex: cursor.containerIndex + 1, y: -.infinity, linesInContainer: 0)
            pendingRequest.breakBefore = style.breakBefore
        }
        if !cursor.band.isEmpty {
            cursor.y += cursor.bandHeight
            cursor.linesInContainer += 1
            cursor.band = []; cursor.bandIndex = 0; cursor.bandHeight = 0
        }
        if cursor.linesInContainer > 0 { cursor.y += t.spacingBefore + style.paragraphSpacingBefore }
        guard var container = enterContainer() else { return markUnplaced(from: first.storageOffset) }

        func available(_ c: TextContainer) -> Double { max(1, c.contentRect.width - 2 * c.lineFragmentPadding) }
        var width = available(container)
        var geometry = measure(table, available: width, shapes: shapes)
        if let dropped = shapes.firstDropped, worker != nil {
            // A long table: measuring shaped more paragraphs than it kept. The worker,
            // now past the table, shapes them again ahead of the rows being set.
            stopWorker()
            worker = BackgroundWorker(storage: textStorage, defaults: defaults, typesetting: typesetting, from: dropped,
                                      through: settledParagraphCount, column: nil,
                                      storageLock: textSupplier == nil ? nil : storageLock)
        }
        func left(_ c: TextContainer) -> Double {
            let inner = c.contentRect.width - 2 * c.lineFragmentPadding
            return c.contentRect.minX + c.lineFragmentPadding + t.offset(width: geometry.width, in: inner)
        }
        func setGroups(_ rows: Range<Int>) -> [RowGroup] {
            var groups: [RowGroup] = [], row = rows.lowerBound
            while row < rows.upperBound {
                let r = table.rowGroup(from: row, within: rows)
                groups.append(setRows(r, of: table, geometry: geometry, shapes: shapes))
                row = r.upperBound
            }
            return groups
        }
        var totals = columnTotals(of: table, shapes: shapes)
        var header: [RowGroup] = [], footer: [RowGroup] = []
        var headerHeight = 0.0, footerHeight = 0.0
        /// Sets the rows every part may repeat, for the columns as they are now.
        func setRepeatedRows() {
            header = setGroups(table.headerRows)
            footer = setGroups(table.footerRows)
            headerHeight = header.reduce(0) { $0 + $1.height }
            footerHeight = footer.reduce(0) { $0 + $1.height }
            if !totals.isEmpty {
                // Room for the footer as it will be set: with a total as wide as most are.
                let kept = shapes.replaced
                fillTotals(totals.sample, in: table, shapes: shapes)
                footerHeight = max(footerHeight, setGroups(table.footerRows).reduce(0) { $0 + $1.height })
                shapes.replaced = kept
            }
        }
        setRepeatedRows()
        /// The footer rows, with the totals so far written in.
        func footerGroups() -> [RowGroup] {
            guard !totals.isEmpty else { return footer }
            fillTotals(totals, in: table, shapes: shapes)
            return setGroups(table.footerRows)
        }
        // The "continued" line, shaped the first time the table breaks (most never do).
        var continued: LineFragment?? = nil
        func label() -> LineFragment? {
            if continued == nil {
                continued = .some(t.continuationLabel.map { continuationLine($0, attributes: t.continuationAttributes, paragraphIndex: index) })
            }
            return continued!
        }

        var out = CellContent()
        var part = TablePart(table: table, geometry: geometry, x: left(container), containerIndex: cursor.containerIndex)
        // Rows do not wrap around a container's obstacles (exclusion paths, a shape): they
        // go below them, the table's frame closed above the obstacle and opened again under
        // it. `bands` are the stretches of the container the table's width runs free in.
        var bands = freeBands(in: container, x: part.x, width: geometry.width)
        /// The part was begun below an obstacle in the container the table was already in:
        /// no "continued" label or header again.
        var resumed = false
        /// The free band holding `y` or the first below it, nil when none is left.
        func band(from y: Double) -> ClosedRange<Double>? {
            guard let bands else { return y < container.contentRect.maxY - 1e-6 ? y...container.contentRect.maxY : nil }
            return bands.first { $0.upperBound > y + 1e-6 }
        }
        /// Goes on at `y`, below an obstacle in this container.
        func resume(at y: Double) {
            if part.hasRows { part.close(at: cursor.y, into: &out) }
            part = TablePart(table: table, geometry: geometry, x: part.x, containerIndex: cursor.containerIndex)
            resumed = placedBody
            cursor.y = y
        }
        /// Goes on below the next obstacle in this container: false when none is left.
        func skipObstacle() -> Bool {
            guard bands != nil, let here = band(from: cursor.y), let next = band(from: here.upperBound + 1e-6),
                  next.lowerBound > cursor.y else { return false }
            resume(at: next.lowerBound)
            return true
        }
        var placedBody = false
        var partBody = false
        /// The columns were shared out again for a container of another width since the
        /// rows at hand were set.
        var widthsChanged = false
        var overflowWarned = false
        /// Says once that the table overflows its container, when something just set did.
        func noteOverflow(_ at: Range<Int>?) {
            guard !overflowWarned, cursor.y > container.contentRect.maxY + 1e-6 else { return }
            overflowWarned = true
            warnings.append(LayoutWarning(characterRange: at ?? first.storageOffset..<first.storageOffset,
                                          message: "a table's rows are taller than the room in their container; they overflow"))
        }

        /// Starts the part: the "continued" label and the header rows, when the table
        /// was begun before. False when the table moves on instead, with the paragraphs
        /// before it that keep with it (a heading): they are laid out again there.
        func open() -> Bool {
            guard !part.hasRows else { return true }
            if !placedBody, let keep = keepWithPrevious(index, landingIn: cursor.containerIndex) {
                layOutAgain(from: keep)
                return false
            }
            if placedBody, !resumed, var line = label() {
                line = line.offsetBy(dx: part.x, dy: cursor.y - line.rect.minY)
                line.containerIndex = cursor.containerIndex
                out.lines.append(line)
                cursor.y += line.rect.height
            }
            for g in header where !resumed && (!placedBody || t.repeatsHeader) {
                part.emit(g, at: cursor.y, into: &out, repetition: placedBody)
                cursor.y += g.height
            }
            return true
        }
        func flush() {
            fragments += out.lines
            out.lines.removeAll(keepingCapacity: true)
        }
        /// Ends the part: footer rows (unless the final ones are still to come), the
        /// frame; on to the next container.
        func breakPart(footers: Bool = true) -> Bool {
            if part.hasRows {
                for g in t.repeatsFooter && footers ? footerGroups() : [] {
                    part.emit(g, at: cursor.y, into: &out, repetition: true)
                    cursor.y += g.height
                }
                noteOverflow(nil)
                part.close(at: cursor.y, into: &out)
            }
            flush()
            if part.hasRows { totals.startPart() }
            cursor = FlowCursor(containerIndex: cursor.containerIndex + 1, y: -.infinity, linesInContainer: 0)
            guard let c = enterContainer() else { return false }
            noteCompletedContainers()
            container = c
            if abs(available(c) - width) > 1e-6 {
                // A container of another width: the columns are shared out again for it
                // (from the content widths measured once), so the table keeps to its width
                // rules there — full width stays full width, a narrower column is not overrun.
                width = available(c)
                geometry = TableGeometry(widths: geometry.needs.resolve(t, available: width), decimal: geometry.decimal,
                                         needs: geometry.needs)
                setRepeatedRows()
                widthsChanged = true
            }
            part = TablePart(table: table, geometry: geometry, x: left(c), containerIndex: cursor.containerIndex)
            bands = freeBands(in: c, x: part.x, width: geometry.width)
            resumed = false
            partBody = false
            return true
        }

        var row = table.bodyRows.lowerBound
        while row < table.bodyRows.upperBound {
            let rows = table.rowGroup(from: row, within: table.bodyRows)
            var group = setRows(rows, of: table, geometry: geometry, shapes: shapes)
            pendingRequest.characterIndex = group.cells.first?.characterRange.lowerBound ?? pendingRequest.characterIndex
            while true {
                if widthsChanged {
                    // Moved on (whole or what a break left of it) into a container of
                    // another width: set again for the columns there.
                    widthsChanged = false
                    group = setRows(again: group, of: table, geometry: geometry, shapes: shapes)
                }
                if bands != nil {
                    // An obstacle where the rows would start: below it, or on to the next
                    // container when it reaches the foot.
                    guard let here = band(from: cursor.y) else {
                        guard breakPart() else { return markUnplaced(from: group.cells.first?.characterRange.lowerBound ?? first.storageOffset) }
                        continue
                    }
                    if here.lowerBound > cursor.y + 1e-6 { resume(at: here.lowerBound) }
                }
                let bottom = band(from: cursor.y)?.upperBound ?? cursor.y
                let opening = part.hasRows ? 0 : (placedBody ? (t.repeatsHeader ? headerHeight : 0) + (label()?.rect.height ?? 0) : headerHeight)
                // Footers that repeat end each page: room is kept for them (the last one
                // moves on by itself when it does not fit).
                let room = bottom - cursor.y - opening - (t.repeatsFooter ? footerHeight : 0)
                let atTop = cursor.linesInContainer == 0 && !partBody
                if group.height <= room + 1e-6 {
                    guard open() else { return }
                    count(group, into: &totals)
                    part.emit(group, at: cursor.y, into: &out, repetition: false)
                    cursor.y += group.height
                    break
                }
                // Baselines lined up and spanning cells can make the first part taller than
                // the room it was cut for: cut again, shorter.
                var pieces: (head: RowGroup, rest: RowGroup)? = nil
                var cutAt = room
                for _ in 0..<4 {
                    guard let s = group.split(fitting: cutAt), s.head.height > 0 else { break }
                    if s.head.height <= room + 1e-6 { pieces = s; break }
                    cutAt -= s.head.height - room + 0.5
                }
                if let (head, rest) = pieces {
                    guard open() else { return }
                    // Each piece counts its own rows (a cell cut in two counts in its first).
                    count(head, into: &totals)
                    part.emit(head, at: cursor.y, into: &out, repetition: false)
                    cursor.y += head.height
                    placedBody = true; partBody = true
                    group = rest
                    if skipObstacle() { continue }
                    guard breakPart() else { return markUnplaced(from: rest.cells.first?.characterRange.lowerBound ?? first.storageOffset) }
                    continue
                }
                if skipObstacle() { continue }
                if !atTop {
                    guard breakPart() else { return markUnplaced(from: group.cells.first?.characterRange.lowerBound ?? first.storageOffset) }
                    continue
                }
                // Alone at the top of a container and still too tall: set it, overflowing.
                if !overflowWarned, let c = group.cells.first {
                    overflowWarned = true
                    warnings.append(LayoutWarning(characterRange: c.characterRange,
                                                  message: "a table row is \(group.height) pt tall, taller than its container; it overflows"))
                }
                guard open() else { return }
                count(group, into: &totals)
                part.emit(group, at: cursor.y, into: &out, repetition: false)
                cursor.y += group.height
                noteOverflow(group.cells.first?.characterRange)
                break
            }
            placedBody = true; partBody = true
            cursor.linesInContainer += 1
            row = rows.upperBound
            if out.lines.count > 256 { flush() }
        }
        if !part.hasRows {
            // No body rows: the header alone (or nothing but footers).
            for g in header { part.emit(g, at: cursor.y, into: &out, repetition: false); cursor.y += g.height }
            placedBody = true
        }
        var finalFooter = footerGroups()
        let finalHeight = finalFooter.reduce(0) { $0 + $1.height }
        if part.hasRows, !finalFooter.isEmpty, cursor.y + finalHeight > (band(from: cursor.y)?.upperBound ?? cursor.y) + 1e-6 {
            // The last footer goes on to the next container, under the header repeated.
            guard breakPart(footers: false) else { return markUnplaced(from: finalFooter[0].cells.first?.characterRange.lowerBound ?? first.storageOffset) }
            guard open() else { return }
            // Set again for that container's columns when they are shared out anew.
            if widthsChanged { finalFooter = footerGroups(); widthsChanged = false }
        }
        for g in finalFooter {
            part.emit(g, at: cursor.y, into: &out, repetition: false)
            cursor.y += g.height
        }
        noteOverflow(finalFooter.first?.cells.first?.characterRange)
        part.close(at: cursor.y, into: &out)
        flush()
        placeTableNotes(of: index...last)
        cursor.linesInContainer += 1
        cursor.y += t.spacingAfter + textStorage.paragraphStyle(ofParagraph: last).paragraphSpacing
        noteCompletedContainers()
        if last + 1 == textStorage.paragraphCount { finish() } else { _ = spliceTail(after: last) }
    }

    /// Notes referenced in the table's cells (`paragraphs`) gather under it: at the foot
    /// of the column where it ends, or of the next one when their first line does not fit
    /// below its last row there.
    private func placeTableNotes(of paragraphs: ClosedRange<Int>) {
        guard textStorage.hasFootnotes else { return }
        let range = textStorage.paragraphRange(at: paragraphs.lowerBound).lowerBound..<textStorage.paragraphRange(at: paragraphs.upperBound).upperBound
        let notes = unplacedNotes(footnoteReferences(in: range), in: range)
        guard let first = notes.first, let content = container(at: cursor.containerIndex, ask: false)?.contentRect else { return }
        let here = cursor.containerIndex
        let firstLine = lines(of: first, width: content.width).first.map { $0.rect.height } ?? 0
        let used = footReserve(here)
        let gap = used == 0 ? footnoteLayout.separatorSpace : footnoteLayout.spacing
        if content.maxY - cursor.y - used - gap >= firstLine - 1e-6 {
            placeFootnotes(notes, paragraph: paragraphs.lowerBound, container: here, lineBottom: cursor.y)
        } else {
            let next = container(at: here + 1, ask: false)?.contentRect ?? content
            placeFootnotes(notes, paragraph: paragraphs.lowerBound, container: here + 1, lineBottom: next.minY)
        }
    }

    /// The container the cursor is in, asked of the delegate when needed, with the
    /// cursor at its top if it just arrived; nil when the chain is exhausted.
    private func enterContainer() -> TextContainer? {
        guard let c = container(at: cursor.containerIndex, ask: true) else { return nil }
        if cursor.linesInContainer == 0, cursor.y < c.contentRect.minY { cursor.y = c.contentRect.minY }
        return c
    }

    /// The line set above each continuation of a table ("continued"), at x 0, y 0.
    private func continuationLine(_ text: String, attributes: TextAttributes, paragraphIndex: Int) -> LineFragment {
        var line = lineOnItsOwn(text, attributes: attributes, paragraphIndex: paragraphIndex)
        let at = pendingRequest.characterIndex
        line.characterRange = at..<at
        for k in line.glyphRuns.indices { line.glyphRuns[k].characterRange = at..<at }
        line.isRepetition = true
        line.rect.size.width = line.usedRect.width
        return line
    }

    /// The stretches of `container` (top to bottom) in which a table `width` wide at `x`
    /// meets no obstacle, to the nearest point; nil when the container has none.
    func freeBands(in container: TextContainer, x: Double, width: Double) -> [ClosedRange<Double>]? {
        guard !container.isSimpleRectangle else { return nil }
        let content = container.contentRect
        func free(_ y: Double) -> Bool {
            let r = container.lineFragmentRects(proposed: Rect(x: x, y: y, width: width, height: min(1, content.maxY - y)))
            return r.count == 1 && r[0].minX <= x + 1e-6 && r[0].maxX >= min(x + width, content.maxX) - 1e-6
        }
        var bands: [ClosedRange<Double>] = []
        var y = content.minY, start: Double?
        while y < content.maxY - 1e-6 {
            if free(y) { if start == nil { start = y } } else if let s = start { bands.append(s...y); start = nil }
            y = min(y + 1, content.maxY)
        }
        if let s = start { bands.append(s...content.maxY) }
        return bands
    }
}
