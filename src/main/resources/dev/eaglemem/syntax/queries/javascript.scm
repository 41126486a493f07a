; JavaScript only (with JSX).

(class_body
  (field_definition property: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.method)
