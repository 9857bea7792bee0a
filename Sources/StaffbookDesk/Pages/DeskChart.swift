import Foundation

/// A bar chart drawn on the server as SVG markup: no script, no style attribute (the policy
/// allows neither), presentation attributes only. It is a picture of numbers the page also gives
/// as a table, so it is hidden from screen readers, which read the table.
enum DeskChart {
    struct Bar {
        var label: String
        /// The figure, exactly, as the table gives it.
        var text: String
        /// The same, short enough to stand above a bar on a phone.
        var short: String
        /// The bar's height relative to the others'; only drawn, never written.
        var value: Double
    }

    static func bars(_ bars: [Bar], title: String) -> String {
        let width = 480.0, height = 200.0, top = 24.0, bottom = 28.0
        let slot = width / Double(max(bars.count, 1))
        let highest = bars.map(\.value).max().flatMap { $0 > 0 ? $0 : nil } ?? 1
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-hidden=\"true\" focusable=\"false\">"
        svg += "<title>" + RowTemplate.escaped(title) + "</title>"
        for (index, bar) in bars.enumerated() {
            let barHeight = max(0, min(1, bar.value / highest)) * (height - top - bottom)
            let x = Double(index) * slot + slot * 0.15
            let y = height - bottom - barHeight
            svg += String(
                format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#1a56a8\" rx=\"2\"></rect>", x, y, slot * 0.7, barHeight)
            svg += String(
                format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\" fill=\"#17202c\">", x + slot * 0.35, height - 10)
            svg += RowTemplate.escaped(bar.label) + "</text>"
            if bar.value > 0 {
                svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#4f5b6b\">", x + slot * 0.35, y - 4)
                svg += RowTemplate.escaped(bar.short) + "</text>"
            }
        }
        return svg + "</svg>"
    }

    /// Bars across, one under another, each with its label above it: for long labels (a
    /// project's, a person's name) that would not fit under a column.
    static func horizontal(_ bars: [Bar], title: String) -> String {
        let width = 480.0, row = 34.0, labelWidth = 400.0
        let height = row * Double(max(bars.count, 1)) + 4
        let highest = bars.map(\.value).max().flatMap { $0 > 0 ? $0 : nil } ?? 1
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-hidden=\"true\" focusable=\"false\">"
        svg += "<title>" + RowTemplate.escaped(title) + "</title>"
        for (index, bar) in bars.enumerated() {
            let y = Double(index) * row
            let barWidth = max(0, min(1, bar.value / highest)) * (labelWidth - 4)
            svg += String(format: "<text x=\"0\" y=\"%.1f\" font-size=\"12\" fill=\"#17202c\">", y + 12)
            svg += RowTemplate.escaped(String(bar.label.prefix(60))) + "</text>"
            svg += String(format: "<rect x=\"0\" y=\"%.1f\" width=\"%.1f\" height=\"14\" fill=\"#1a56a8\" rx=\"2\"></rect>", y + 16, barWidth)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#4f5b6b\">", barWidth + 6, y + 28)
            svg += RowTemplate.escaped(bar.short) + "</text>"
        }
        return svg + "</svg>"
    }
}
