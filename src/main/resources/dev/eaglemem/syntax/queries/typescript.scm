; TypeScript and TSX only.

(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(type_alias_declaration name: (_) @name) @def.type
(enum_declaration name: (_) @name) @def.enum
(internal_module name: (identifier) @name) @def.module
(function_signature name: (identifier) @name) @def.function.signature
(method_signature name: (_) @name) @def.method.signature
(abstract_method_signature name: (_) @name) @def.method.signature
(class_body
  (public_field_definition name: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.method)
