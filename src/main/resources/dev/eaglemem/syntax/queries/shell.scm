; Shell (bash grammar): declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(function_definition name: (word) @name) @def.function
(program (declaration_command "readonly" (variable_assignment name: (variable_name) @name)) @def.constant)

; source x.sh / . x.sh: the first argument is the file, the rest are its positional parameters.
(program (command name: (command_name (word) @_fn) . argument: (_) @import.path) @preamble)
(command name: (command_name (word) @_fn) . argument: (_) @import.path)

(command name: (command_name (word) @call))

(ERROR) @error
