_pdftools_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD \
                   _PDFTOOLS_COMP_LINE="${COMP_LINE:0:$COMP_POINT}" _PDFTOOLS_COMP_BREAKS="$COMP_WORDBREAKS" \
                   _PDFTOOLS_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -F _pdftools_completion pdftools
