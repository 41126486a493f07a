; Kotlin: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).
; This grammar names no fields: children are matched by type and order.

(class_declaration "interface" (type_identifier) @name) @def.interface
(class_declaration "enum" (type_identifier) @name) @def.enum
(class_declaration (type_identifier) @name) @def.class
(object_declaration (type_identifier) @name) @def.class
(companion_object (type_identifier) @name) @def.class
(companion_object "object" @name.Companion) @def.class
(function_declaration (simple_identifier) @name) @def.function
(property_declaration
  (modifiers (property_modifier)) ; Kotlin's only property modifier is const
  (variable_declaration (simple_identifier) @name)) @def.constant
(source_file
  (property_declaration (variable_declaration (simple_identifier) @name)) @def.constant.upper)
(type_alias (type_identifier) @name) @def.type

(import_header) @import.statement @preamble
(package_header) @preamble

(call_expression . (simple_identifier) @call)
(call_expression . (navigation_expression (navigation_suffix (simple_identifier) @call) .))

(ERROR) @error
