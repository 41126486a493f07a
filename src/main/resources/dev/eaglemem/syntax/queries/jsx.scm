; JSX (JavaScript and TSX): using a component is calling it; lower-case names are HTML elements.

(jsx_opening_element name: (identifier) @call.component)
(jsx_self_closing_element name: (identifier) @call.component)
