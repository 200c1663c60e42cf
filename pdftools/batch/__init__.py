"""Running one command over many files: on this machine's processes or on a Dask cluster.

    inputs     files, globs, folders (--recursive) and `@list.txt`, each with the path its output mirrors
    plan       what one file's work is (`FileJob`), the commands a batch runs, its outputs' names, the journal key
    options    the command's option values, from `--set key=value` or MCP's object, typed and checked
    journal    the output folder's record of finished files, so a re-run skips them
    work       what a worker runs for one file: the op, its outputs staged and then renamed into place
    executors  one interface, two engines: a local process pool (default) and Dask distributed (--cluster)
    cluster    the Dask engine: files sent and collected as workers come and go, a scheduler restarted
    scheduler  reaching the Dask scheduler (its address or scheduler file), following it when it moves
    screening  every Dask worker asked first what an op needs (ocr's languages); unfit workers avoided
    remote     what a Dask worker is sent: a guard that checks it runs this pdftools, then the file's work
    sending    --send-files: each file sent with its task, run in the worker's own folder, outputs sent back
    copies     the worker's path policy for the files sent: each path as named is the worker's copy
    pages      one huge document cut into page ranges for the workers, and put back together
    runner     the coordinator: submit, collect rows as they finish, progress, journal, cancel

    op         the operation `batch` itself: the one entry both front ends get from the registry (which names
               it here, above the ops it runs, rather than in ops/)
"""
