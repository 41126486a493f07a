; Java: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(class_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(annotation_type_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(record_declaration name: (identifier) @name) @def.record
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(compact_constructor_declaration name: (identifier) @name) @def.method
(field_declaration
  (modifiers "static" "final")
  declarator: (variable_declarator name: (identifier) @name)) @def.constant.upper

(import_declaration) @import.statement @preamble
(package_declaration) @preamble

(method_invocation name: (identifier) @call)
(object_creation_expression type: [(type_identifier) @call (generic_type (type_identifier) @call)])

(ERROR) @error
