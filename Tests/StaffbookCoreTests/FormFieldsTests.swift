import Testing

@testable import StaffbookCore

@Suite("A form's fields")
struct FormFieldsTests {
    @Test func plusIsASpaceEscapesAreUTF8AndTheLastOfARepeatedNameWins() {
        let fields = FormFields.parse("reason=Chyb%C3%AD+podpis+%26+%3Cb%3E&action=return&action=approve&empty=&bare")

        #expect(fields == ["reason": "Chybí podpis & <b>", "action": "approve", "empty": "", "bare": ""])
    }

    @Test func aNameThatDoesNotDecodeIsDroppedAValueThatDoesNotIsEmptyAndTheRestAreRead() {
        let fields = FormFields.parse("%ZZ=1&a=%E2%82&b=2&&=3")

        #expect(fields == ["b": "2", "a": "", "": "3"])
    }
}
